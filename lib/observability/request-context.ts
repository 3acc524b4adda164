/**
 * The request id travels from the gateway into every service it calls: the gateway runs each handler inside an
 * AsyncLocalStorage scope holding the request's id, and a Connect client interceptor copies it into the
 * `x-request-id` header of each call; service processes take it as their own request id (fastify genReqId), so one
 * id ties the gateway's log lines to every service's. Same in all-in-one (router transport) and cluster (gRPC).
 */
import type { Interceptor } from "@connectrpc/connect";
import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";

const storage = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Runs `fn` with `requestId` as the current request (background work that starts a trail of its own). */
export const withRequestId = <T>(requestId: string, fn: () => T): T => storage.run({ requestId }, fn);

/**
 * Handlers of this instance run with their request's id as the current one. preHandler, not onRequest: the body has
 * been read by then, so the scope is not lost across the parser's stream events. The id is echoed to the caller.
 */
export function installRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook("preHandler", (request, _reply, done) => storage.run({ requestId: String(request.id) }, done));
}

/** Client side: every Connect call made while handling a request carries its id. */
export const requestIdInterceptor: Interceptor = (next) => async (req) => {
  const id = currentRequestId();
  if (id && !req.header.has(REQUEST_ID_HEADER)) req.header.set(REQUEST_ID_HEADER, id);
  return next(req);
};
