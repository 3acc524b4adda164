/**
 * Serves a Connect router's handlers on fastify, as @connectrpc/connect-fastify does, with two differences that
 * keep each call's objects young (docs/benchmark.md, "What the hop promoted"):
 *
 * - A Connect unary call in binary protobuf (the gateway's calls: `application/proto`, uncompressed) is read whole
 *   by fastify and answered directly (lib/rpc/direct-unary.ts). Every other protocol and encoding (gRPC, gRPC-Web,
 *   Connect streaming, JSON, a compressed body) goes through Connect's handler, as before.
 * - Connect's handler's answer is written, and its call is over, once the response has finished or closed.
 *   connect-node's writer waits for an "end" event that node:http's responses never emit, so every call's promise
 *   stayed pending, its objects held by the response until the connection's next request or later.
 */
import type { DescMethod, DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { createAsyncIterable, type UniversalServerResponse } from "@connectrpc/connect/protocol";
import * as connectProtocol from "@connectrpc/connect/protocol-connect";
import * as grpcProtocol from "@connectrpc/connect/protocol-grpc";
import * as grpcWebProtocol from "@connectrpc/connect/protocol-grpc-web";
import { universalRequestFromNodeRequest } from "@connectrpc/connect-node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerResponse } from "node:http";
import type { Http2ServerResponse } from "node:http2";
import { answerDirectly } from "./direct-unary.js";
import { nodeHeadersOf } from "./node-headers.js";
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
