/**
 * Serves a Connect router's handlers on fastify, as @connectrpc/connect-fastify does, with two differences that
 * keep each call's objects young (docs/benchmark.md, "What the hop promoted"):
 *
 * - A Connect unary call in binary protobuf (the gateway's calls: `application/proto`, uncompressed) is read whole
 *   by fastify, decoded, passed to its implementation directly (lib/rpc/unary-calls.ts, with the handler
 *   interceptors) and answered in one write: none of Connect's per-call machinery of generators, linked abort
 *   signals and header conversions, whose objects outlived two young-generation collections. Its signal aborts when
 *   the caller goes away, at its deadline (`connect-timeout-ms`) or when shutdown cuts calls off. Every other
 *   protocol and encoding (gRPC, gRPC-Web, Connect streaming, JSON, a compressed body) goes through Connect's
 *   handler, as before.
 * - Connect's handler's answer is written, and its call is over, once the response has finished or closed.
 *   connect-node's writer waits for an "end" event that node:http's responses never emit, so every call's promise
 *   stayed pending, its objects held by the response until the connection's next request or later.
 */
import { fromBinary, toBinary, type DescMethod, type DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError, createContextValues, type ConnectRouter, type UnaryRequest } from "@connectrpc/connect";
import { createAsyncIterable, type UniversalServerResponse } from "@connectrpc/connect/protocol";
import * as connectProtocol from "@connectrpc/connect/protocol-connect";
import * as grpcProtocol from "@connectrpc/connect/protocol-grpc";
import * as grpcWebProtocol from "@connectrpc/connect/protocol-grpc-web";
import { universalRequestFromNodeRequest } from "@connectrpc/connect-node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerResponse } from "node:http";
import type { Http2ServerResponse } from "node:http2";
import { nodeHeadersOf, webHeadersOf } from "./node-headers.js";
import type { UnaryCall } from "./unary-calls.js";

/** The largest unary request body read whole, as Connect's own default read limit would allow far more. */
const UNARY_BODY_LIMIT = 64 * 1024 * 1024;

type NodeResponse = ServerResponse | Http2ServerResponse;

export interface UnaryRoutes {
  /** The router's unary implementations (lib/rpc/unary-calls.ts), answered directly in binary protobuf. */
  unary: ReadonlyMap<DescMethod, UnaryCall>;
  /** Aborts every call in flight (the server's shutdown cut-off). */
  shutdownSignal: AbortSignal;
}

export function registerConnectRoutes(scope: FastifyInstance, router: ConnectRouter, direct: UnaryRoutes): void {
  // The request stream is left to the handler for every content type Connect knows, but the binary unary one.
  const leaveUnread = (_request: FastifyRequest, _payload: unknown, done: (err: null, body: undefined) => void) =>
    done(null, undefined);
  scope.addContentTypeParser(
    [
      connectProtocol.contentTypeUnaryJson,
      connectProtocol.contentTypeStreamJson,
      connectProtocol.contentTypeStreamProto,
      grpcWebProtocol.contentTypeProto,
      grpcWebProtocol.contentTypeJson,
      grpcProtocol.contentTypeProto,
      grpcProtocol.contentTypeJson,
    ],
    leaveUnread,
  );
  scope.addContentTypeParser(grpcProtocol.contentTypeRegExp, leaveUnread);
  scope.addContentTypeParser(grpcWebProtocol.contentTypeRegExp, leaveUnread);
  scope.addContentTypeParser(
    connectProtocol.contentTypeUnaryProto,
    { parseAs: "buffer", bodyLimit: UNARY_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  scope.addContentTypeParser(connectProtocol.contentTypeRegExp, leaveUnread);

  for (const handler of router.handlers) {
    const call = direct.unary.get(handler.method);
    scope.all(handler.requestPath, async (request: FastifyRequest, reply: FastifyReply) => {
      if (call && request.method === "POST" && Buffer.isBuffer(request.body) && !encoded(request))
        return answerDirectly(call, handler.method as DescMethodUnary, request, reply, direct.shutdownSignal);
      try {
        const answer = await handler(
          universalRequestFromNodeRequest(request.raw, reply.raw, bodyOf(request) as never, undefined),
        );
        // fastify keeps headers set by hooks on the reply until reply.send, which this route does not call.
        for (const [key, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) reply.raw.setHeader(key, value);
        await writeUniversalResponse(answer, reply.raw);
      } catch (e) {
        if (ConnectError.from(e).code !== Code.Aborted)
          request.log.error({ err: e }, `handler for rpc ${handler.method.name} of ${handler.service.typeName} failed`);
      }
    });
  }
}

function encoded(request: FastifyRequest): boolean {
  const encoding = request.headers["content-encoding"];
  return encoding !== undefined && encoding !== "identity";
}

/** The bytes of a binary unary call as Connect's handler reads them: whole, or (compressed) as a stream to inflate. */
function bodyOf(request: FastifyRequest): Uint8Array | AsyncIterable<Uint8Array> | undefined {
  if (!Buffer.isBuffer(request.body)) return undefined;
  return encoded(request) ? createAsyncIterable([request.body]) : request.body;
}

/** One binary unary call, as Connect's handler answers it: the message, or the error as JSON with its status. */
async function answerDirectly(
  call: UnaryCall,
  method: DescMethodUnary,
  request: FastifyRequest,
  reply: FastifyReply,
  shutdownSignal: AbortSignal,
): Promise<void> {
  const response = reply.raw as ServerResponse;
  const asked = request.headers["connect-timeout-ms"];
  const timeout = connectProtocol.parseTimeout(typeof asked === "string" ? asked : null, Number.MAX_SAFE_INTEGER);
  const signal = new CallSignal(response, shutdownSignal, timeout.timeoutMs);
  let status = 200;
  let headers: Headers;
  let body: Uint8Array;
  try {
    if (timeout.error) throw timeout.error;
    const answer = await call(
      new DirectRequest(
        method,
        request.url,
        webHeadersOf(request.headers),
        parse(method, request.body as Buffer),
        signal,
      ),
    );
    body = toBinary(method.output, answer.message);
    headers = connectProtocol.trailerMux(answer.header, answer.trailer);
    headers.set("content-type", connectProtocol.contentTypeUnaryProto);
  } catch (e) {
    const error = ConnectError.from(e);
    status = connectProtocol.codeToHttpStatus(error.code);
    headers = new Headers(error.metadata);
    headers.set("content-type", connectProtocol.contentTypeUnaryJson);
    body = connectProtocol.errorToJsonBytes(error, undefined);
  } finally {
    signal.dispose();
  }
  const out: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(reply.getHeaders())) if (value !== undefined) out[key] = value;
  headers.forEach((value, key) => (out[key] = value));
  out["content-length"] = body.byteLength;
  response.writeHead(status, out);
  response.end(body);
}

/** A call's request, its signal made on first read (a class: an object literal with a getter made a map a call). */
class DirectRequest implements UnaryRequest {
  readonly stream = false;
  readonly service: DescMethodUnary["parent"];
  readonly requestMethod = "POST";
  readonly contextValues = createContextValues();

  constructor(
    readonly method: DescMethodUnary,
    readonly url: string,
    readonly header: Headers,
    readonly message: UnaryRequest["message"],
    private readonly callSignal: CallSignal,
  ) {
    this.service = method.parent;
  }

  get signal(): AbortSignal {
    return this.callSignal.get();
  }
}

/**
 * A call's abort signal, made when the implementation first asks for it: it aborts when the caller goes away, at the
 * call's deadline, or when shutdown cuts calls off. The services' implementations never ask, and on Node 20 an
 * AbortController a call (and the listeners it needs) was what still reached the old generation: 140 KB a second at
 * 300 calls, against 3 KB without (docs/benchmark.md, "What the hop promoted").
 */
class CallSignal {
  private controller: AbortController | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private readonly started = performance.now();

  constructor(
    private readonly response: ServerResponse,
    private readonly shutdownSignal: AbortSignal,
    private readonly timeoutMs: number | undefined,
  ) {}

  get(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    if (this.shutdownSignal.aborted) this.onShutdown();
    this.shutdownSignal.addEventListener("abort", this.onShutdown);
    this.response.once("close", this.onClose);
    if (this.timeoutMs !== undefined) {
      const left = Math.max(0, this.timeoutMs - (performance.now() - this.started));
      this.deadline = setTimeout(() => this.abort("the operation timed out", Code.DeadlineExceeded), left);
    }
    return controller.signal;
  }

  dispose(): void {
    if (!this.controller) return;
    clearTimeout(this.deadline);
    this.shutdownSignal.removeEventListener("abort", this.onShutdown);
    this.response.off("close", this.onClose);
  }

  private abort(message: string, code: Code): void {
    this.controller!.abort(new ConnectError(message, code));
  }

  private readonly onClose = () => this.abort("the caller closed the connection", Code.Canceled);

  private readonly onShutdown = () =>
    this.controller!.abort(ConnectError.from(this.shutdownSignal.reason, Code.Unavailable));
}

function parse(method: DescMethodUnary, bytes: Uint8Array) {
  try {
    return fromBinary(method.input, bytes);
  } catch (e) {
    throw new ConnectError(`parse binary: ${e instanceof Error ? e.message : String(e)}`, Code.InvalidArgument);
  }
}

/** Writes a handler's answer; settles once the response has finished or closed. */
export async function writeUniversalResponse(answer: UniversalServerResponse, response: NodeResponse): Promise<void> {
  const chunks = answer.body?.[Symbol.asyncIterator]();
  try {
    // The headers go after the first chunk is read: the implementation may still be setting them.
    let chunk = await chunks?.next();
    (response as ServerResponse).writeHead(answer.status, nodeHeadersOf(answer.header));
    for (; chunk && chunk.done !== true; chunk = await chunks!.next()) await write(response, chunk.value);
    if (answer.trailer) response.addTrailers(nodeHeadersOf(answer.trailer));
    await new Promise<void>((resolve) => {
      response.once("finish", resolve);
      response.once("close", resolve);
      response.end();
    });
  } catch (e) {
    await chunks?.throw?.(e).catch(() => {});
    throw e;
  }
}

function write(response: NodeResponse, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    (response as ServerResponse).write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}
