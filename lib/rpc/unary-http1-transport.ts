/**
 * A Connect transport whose unary calls are one keep-alive HTTP/1.1 request each, written and read with node:http
 * directly: the message's bytes with their Content-Length in one write, the answer's bytes gathered from the
 * response's own events. Everything else is Connect's: the interceptors, the deadline and cancellation signals
 * (runUnaryCall), the protocol's headers, status and error mapping, and the (de)serialization. Streaming calls go
 * through Connect's own transport over the same agent.
 *
 * Why not Connect's node transport for unary calls too: it reads every answer through an async-iterable pipeline of
 * generators, and the objects of each call it makes outlive two young-generation collections. Measured with one
 * fastify route calling a Connect service at 300 calls a second: 2.9 MB a second promoted to the old generation,
 * a full collection every 2 to 3 s, where the same calls written with node:http promoted 6 KB a second
 * (docs/benchmark.md, "What the gateway promoted").
 */
import { Code, ConnectError, createContextValues, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { createMethodSerializationLookup, createMethodUrl, runUnaryCall } from "@connectrpc/connect/protocol";
import {
  errorFromJsonBytes,
  requestHeader,
  trailerDemux,
  validateResponse,
} from "@connectrpc/connect/protocol-connect";
import { type Agent, type IncomingHttpHeaders, request as httpRequest } from "node:http";

export interface UnaryHttp1TransportOptions {
  baseUrl: string;
  /** Keeps the connections: one per call in flight, reused by the next call. */
  agent: Agent;
  interceptors?: Interceptor[];
  /** The largest answer accepted, in bytes (default 64 MiB). */
  readMaxBytes?: number;
}

const DEFAULT_READ_MAX_BYTES = 64 * 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function createUnaryHttp1Transport(options: UnaryHttp1TransportOptions): Transport {
  const { baseUrl, agent, interceptors = [] } = options;
  const readMaxBytes = options.readMaxBytes ?? DEFAULT_READ_MAX_BYTES;
  const limits = { readMaxBytes, writeMaxBytes: readMaxBytes };
  const streaming = createConnectTransport({
    baseUrl,
    httpVersion: "1.1",
    useBinaryFormat: true,
    nodeOptions: { agent },
    interceptors,
    acceptCompression: [],
    readMaxBytes,
  });
  return {
    unary(method, signal, timeoutMs, header, message, contextValues) {
      const serialization = createMethodSerializationLookup(method, undefined, undefined, limits);
      const deadline = timeoutMs !== undefined && timeoutMs <= 0 ? undefined : timeoutMs;
      return runUnaryCall({
        interceptors,
        signal,
        timeoutMs: deadline,
        req: {
          stream: false,
          service: method.parent,
          method,
          requestMethod: "POST",
          url: createMethodUrl(baseUrl, method),
          header: requestHeader(method.methodKind, true, deadline, header, true),
          contextValues: contextValues ?? createContextValues(),
          message,
        },
        next: async (req) => {
          const body = serialization.getI(true).serialize(req.message);
          const answer = await post(req.url, req.header, body, req.signal, agent, readMaxBytes);
          const headers = webHeaders(answer.headers);
          const { isUnaryError, unaryError } = validateResponse(method.methodKind, true, answer.status, headers);
          const [responseHeader, trailer] = trailerDemux(headers);
          if (isUnaryError) {
            trailer.forEach((value, key) => responseHeader.append(key, value));
            throw errorFromJsonBytes(answer.body, responseHeader, unaryError);
          }
          if (answer.headers["content-encoding"] && answer.headers["content-encoding"] !== "identity")
            throw new ConnectError(
              `the answer came ${answer.headers["content-encoding"]}-encoded, unasked`,
              Code.Internal,
            );
          return {
            stream: false,
            service: method.parent,
            method,
            header: responseHeader,
            message: serialization.getO(true).parse(answer.body),
            trailer,
          };
        },
      });
    },
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      streaming.stream(method, signal, timeoutMs, header, input, contextValues),
  };
}

/** One POST; settles once, with the whole answer or with the ConnectError the caller sees. */
function post(
  url: string,
  header: Headers,
  body: Uint8Array,
  signal: AbortSignal,
  agent: Agent,
  readMaxBytes: number,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(ConnectError.from(signal.reason, Code.Canceled));
      return;
    }
    const headers: Record<string, string> = { "content-length": String(body.byteLength) };
    header.forEach((value, key) => (headers[key] = value));
    const request = httpRequest(url, { method: "POST", agent, headers });
    const settle = () => signal.removeEventListener("abort", onAbort);
    const fail = (error: ConnectError) => {
      settle();
      request.destroy();
      reject(error);
    };
    function onAbort() {
      fail(ConnectError.from(signal.reason, Code.Canceled));
    }
    signal.addEventListener("abort", onAbort);
    request.on("error", (error) => fail(unreachable(error)));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > readMaxBytes)
          fail(new ConnectError(`the answer is over ${readMaxBytes} bytes`, Code.ResourceExhausted));
        else chunks.push(chunk);
      });
      response.on("error", (error) => fail(unreachable(error)));
      response.on("end", () => {
        settle();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
        });
      });
    });
    request.end(body);
  });
}

/** A connection refused, reset or cut is the service being unavailable, which a caller may retry elsewhere. */
function unreachable(error: Error): ConnectError {
  return new ConnectError(error.message, Code.Unavailable, undefined, undefined, error);
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else out.append(key, value);
  }
  return out;
}
