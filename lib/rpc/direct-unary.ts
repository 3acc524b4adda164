/**
 * A binary Connect unary call answered without Connect's handler: the body fastify read whole is decoded, passed to
 * its implementation (lib/rpc/unary-calls.ts, with the handler interceptors) and answered in one write, the message
 * or the error as Connect's handler writes them. None of Connect's per-call machinery of generators, linked abort
 * signals and header conversions, whose objects outlived two young-generation collections on Node 20
 * (docs/benchmark.md, "What the hop promoted").
 */
import { fromBinary, toBinary, type DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError, createContextValues, type UnaryRequest } from "@connectrpc/connect";
import * as connectProtocol from "@connectrpc/connect/protocol-connect";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerResponse } from "node:http";
import { webHeadersOf } from "./node-headers.js";
import type { UnaryCall } from "./unary-calls.js";

/** One binary unary call, as Connect's handler answers it: the message, or the error as JSON with its status. */
export async function answerDirectly(
  call: UnaryCall,
  method: DescMethodUnary,
  request: FastifyRequest,
  reply: FastifyReply,
  shutdownSignal: AbortSignal,
): Promise<void> {
  // HTTP/2's compatibility response has the same writeHead, end and "close" (an h2c caller's calls come here too).
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
  // Headers the hooks set: fastify keeps them on the reply until reply.send, which this route does not call.
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
 * AbortController a call was what still reached the old generation: 140 KB a second at 300 calls, against 3 KB
 * without (docs/benchmark.md, "What the hop promoted").
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
