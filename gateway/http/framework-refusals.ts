/**
 * Refusals fastify and Node.js make outside the request lifecycle, brought to the spec's ErrorResponse (spec §7.1,
 * DESIGN §8 "every refusal says why"):
 * - a path parameter that does not percent-decode (400) or is longer than the router keeps (414): fastify answers
 *   these before any hook, so the gates (edge filter, browser access, authentication) are run here first, and a
 *   refused caller still gets its 403 or 401 (spec §5.2 rule 5: authentication before routing);
 * - what the HTTP parser refuses on the socket (bad request line, malformed or oversize headers, conflicting
 *   framing, slow requests): 400, 431 or 408 written straight to the socket, then closed;
 * - an HTTP/1.1 request without Host (RFC 9112 §3.2): 400 (Node's own answer to it has no body);
 * - a request that arrives while the gateway closes (a restart, SIGTERM): 503 with Retry-After, where fastify's
 *   own answer (`return503OnClosing`) has another body; the caller (a relay redelivering, a client) tries again.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors.js";

export type Gate = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The longest path parameter the router keeps: the longest id any service accepts (services/request-checks.ts);
 * fastify's default, 100, refused ids the services take. Longer is 414 (with an ErrorResponse, after authentication).
 */
export const MAX_PARAM_LENGTH = 200;

const FRAMEWORK_REFUSALS: Record<string, { status: number; error: string }> = {
  FST_ERR_BAD_URL: { status: 400, error: "invalid path: a segment is not valid percent-encoded UTF-8" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: `path parameter too long: at most ${MAX_PARAM_LENGTH} characters` },
};

/** The checks a request meets before its route, and how their refusals and failures are answered, on one surface. */
export interface GateChain {
  gates: readonly Gate[];
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * fastify's `frameworkErrors`: the gates first, in the order of the request lifecycle, then the refusal. fastify
 * raises these before routing, so no surface's hooks run: `chainOf` names the chain of the surface the path belongs to.
 */
export function frameworkErrors(chainOf: (request: FastifyRequest) => GateChain) {
  return function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const chain = chainOf(request);
    void (async () => {
      for (const gate of chain.gates) {
        await gate(request, reply);
        if (reply.sent) return;
      }
      const known = FRAMEWORK_REFUSALS[error.code];
      if (!known) request.log.error({ err: error }, "framework error");
      sendError(reply, known?.status ?? 400, known?.error ?? "malformed request");
    })().catch((err: unknown) => {
      // A refusal (401, 429), or a gate that failed (the database down while resolving the key): answered as the
      // surface answers any request's.
      if (!reply.sent) chain.errorHandler(err as FastifyError, request, reply);
    });
  };
}

const PARSER_REFUSALS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request timeout: the request was not received in time"],
  HPE_HEADER_OVERFLOW: [431, "request headers too large"],
  HPE_INVALID_METHOD: [400, "malformed request line: unknown method"],
  HPE_INVALID_URL: [400, "malformed request line: invalid request target"],
  HPE_INVALID_VERSION: [400, "malformed request line: invalid HTTP version"],
  HPE_INVALID_CONSTANT: [400, "malformed request line"],
  HPE_INVALID_HEADER_TOKEN: [400, "malformed header"],
  HPE_INVALID_CONTENT_LENGTH: [400, "invalid Content-Length"],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, "conflicting Content-Length and Transfer-Encoding"],
  HPE_INVALID_TRANSFER_ENCODING: [400, "invalid Transfer-Encoding"],
  HPE_INVALID_CHUNK_SIZE: [400, "invalid chunk size in a chunked body"],
};

/** fastify's `clientErrorHandler` (Node's `clientError`): an ErrorResponse on the socket, then close it. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] = PARSER_REFUSALS[error.code ?? ""] ?? [400, "malformed HTTP request"];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** onRequest: HTTP/1.1 needs Host (Node's check is switched off so that this refusal carries a body). */
export async function requireHost(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.host === undefined && request.raw.httpVersion === "1.1") {
    return sendError(reply, 400, "missing Host header (HTTP/1.1 requires it)");
  }
}

/** Seconds a caller is asked to wait before retrying a gateway that is closing. */
export const RESTART_RETRY_SECONDS = 1;

/** The first gate: once the gateway starts closing, every new request is refused (install with return503OnClosing off). */
export function drainingGate(app: FastifyInstance): Gate {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  return async function draining(_request, reply) {
    if (!closing) return;
    reply.header("retry-after", String(RESTART_RETRY_SECONDS)).header("connection", "close");
    return sendError(reply, 503, "service restarting: retry shortly");
  };
}
