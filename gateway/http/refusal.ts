/**
 * A refusal made by a check every surface shares (authentication, the failure throttle, the rate limit, the route's
 * scope). The check only says what is refused and why; it throws the refusal, and the error handler of the surface the
 * request reached renders it: an ErrorResponse with the REST challenge, an ErrorResponse with the Bearer challenge, or
 * on the tool endpoint a JSON-RPC error. So no check needs to know which surface it runs on.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorHandler, sendError, type ErrorBody } from "./errors.js";

/**
 * What was refused: `credential` (401: nothing or something unusable presented), `auth_unavailable` (503: a token
 * cannot be verified now), `auth_failures` (429: too many failed authentications from the address), `rate_limit`
 * (429: the caller's rate), `scope` (403: the route's scope is not held).
 */
export type RefusalReason = "credential" | "auth_unavailable" | "auth_failures" | "rate_limit" | "scope";

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly status: number,
    message: string,
    /** Headers the answer carries whatever renders it (Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
    /** The ErrorResponse's further members (the scope refusal's required and granted). */
    readonly detail: Omit<ErrorBody, "error"> = {},
    /** A credential refusal of a presented token (RFC 6750 `error="invalid_token"` in a Bearer challenge). */
    readonly tokenRefused = false,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** How a surface answers a refusal. */
export type RefusalRenderer = (refusal: Refusal, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** The plain rendering: the refusal's headers and an ErrorResponse. */
export function sendRefusal(refusal: Refusal, reply: FastifyReply): FastifyReply {
  return sendError(reply.headers(refusal.headers), refusal.status, refusal.message, refusal.detail);
}

/** A surface's error handler: refusals rendered its way, every other error as the gateway answers errors. */
export function refusalErrorHandler(render: RefusalRenderer) {
  return function surfaceErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof Refusal) return render(error, request, reply);
    return errorHandler(error as FastifyError, request, reply);
  };
}
