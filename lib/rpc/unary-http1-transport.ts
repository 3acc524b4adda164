/**
 * A Connect transport whose unary calls are one keep-alive HTTP/1.1 request each, written and read with node:http
 * directly: the message's bytes with their Content-Length in one write, the answer's bytes gathered from the
 * response's own events. Everything else is Connect's: the interceptors, the deadline and cancellation signals
 * (runUnaryCall), the protocol's headers, status and error mapping, and the (de)serialization. Streaming calls go
 * through Connect's own transport over the same agent.
 *
 * Why not Connect's node transport for unary calls too: it reads every answer through an async-iterable pipeline of
 * generators, and links two abort signals a call; on Node 20 the objects of each call outlived two young-generation
 * collections. One fastify route calling a Connect service at 300 calls a second promoted 3.5 MB a second to the old
 * generation (a full collection every 2 to 3 s); this transport promotes 7 KB, as node:http alone does. A call made
 * without a signal or a deadline (the gateway's) links none (docs/benchmark.md, "What the hop promoted").
 */
import { create, isMessage, type DescMethod, type DescMethodUnary } from "@bufbuild/protobuf";
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
import { nodeHeadersOf, webHeadersOf } from "./node-headers.js";
import { applyInterceptors, NEVER_ABORTED, type UnaryCall } from "./unary-calls.js";

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
  // Made once per method: sending a request (its serialization with it), and sending it through the interceptors.
  const sendOf = perMethod((method): UnaryCall => {
    const serialization = createMethodSerializationLookup(method, undefined, undefined, limits);
    return async (req) => {
      const body = serialization.getI(true).serialize(req.message);
      const answer = await post(req.url, req.header, body, req.signal, agent, readMaxBytes);
      const headers = webHeadersOf(answer.headers);
      const { isUnaryError, unaryError } = validateResponse(method.methodKind, true, answer.status, headers);
      const [responseHeader, trailer] = trailerDemux(headers);
      if (isUnaryError) {
        trailer.forEach((value, key) => responseHeader.append(key, value));
        throw errorFromJsonBytes(answer.body, responseHeader, unaryError);
      }
      const encoding = answer.headers["content-encoding"];
      if (encoding && encoding !== "identity")
        throw new ConnectError(`the answer came ${encoding}-encoded, unasked`, Code.Internal);
      return {
        stream: false,
        service: method.parent,
        method,
        header: responseHeader,
        message: serialization.getO(true).parse(answer.body),
        trailer,
      };
    };
  });
  const interceptedOf = perMethod((method) => applyInterceptors(sendOf(method), interceptors));
  const urlOf = perMethod((method) => createMethodUrl(baseUrl, method));
  return {
    unary(method, signal, timeoutMs, header, message, contextValues) {
      const deadline = timeoutMs !== undefined && timeoutMs <= 0 ? undefined : timeoutMs;
      const req = {
        stream: false as const,
        service: method.parent,
        method,
        requestMethod: "POST",
        url: urlOf(method),
        header: requestHeader(method.methodKind, true, deadline, header, true),
        contextValues: contextValues ?? createContextValues(),
        message,
      };
      if (signal === undefined && deadline === undefined) {
        // Nothing can cancel the call: no signals to link, which on Node 20 cost a call's worth of old generation.
        // (Object.assign, not a spread with keys after it: that made a hidden class a call on Node 20.)
        const input = isMessage(message, method.input) ? message : create(method.input, message);
        const call = Object.assign({}, req, { message: input, signal: NEVER_ABORTED });
        return interceptedOf(method)(call).catch((e: unknown) => {
          throw ConnectError.from(e);
        }) as never;
      }
      return runUnaryCall({
        interceptors,
        signal,
        timeoutMs: deadline,
        req,
        next: sendOf(method) as never,
      });
    },
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      streaming.stream(method, signal, timeoutMs, header, input, contextValues),
  };
}

function perMethod<T>(make: (method: DescMethodUnary) => T): (method: DescMethodUnary) => T {
  const made = new Map<DescMethod, T>();
  return (method) => {
    let value = made.get(method);
    if (value === undefined) made.set(method, (value = make(method)));
    return value;
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
    const cancellable = signal !== NEVER_ABORTED;
    const headers = nodeHeadersOf(header);
    headers["content-length"] = String(body.byteLength);
    const request = httpRequest(url, { method: "POST", agent, headers });
    const settle = () => cancellable && signal.removeEventListener("abort", onAbort);
    const fail = (error: ConnectError) => {
      settle();
      request.destroy();
      reject(error);
    };
    function onAbort() {
      fail(ConnectError.from(signal.reason, Code.Canceled));
    }
    if (cancellable) signal.addEventListener("abort", onAbort);
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
