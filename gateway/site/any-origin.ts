/**
 * The public discovery documents (the resource metadata, the contract, the OpenAPI document) may be read by a
 * browser from any origin: `Access-Control-Allow-Origin: *`, and a preflight is answered 204 before authentication
 * (it carries no credential). Which requests that concerns is read from the routes: those registered through
 * `readableFromAnyOrigin` are marked in their config, and an unrouted request (a preflight, another method) asks the
 * route table whether a marked route lives at its path.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CROSS_ORIGIN_EXPOSED, CROSS_ORIGIN_REQUEST_HEADERS } from "../http/cross-origin.js";
import type { RouteTable } from "../http/not-found.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set at registration by readableFromAnyOrigin: a public document any origin may read. */
    anyOrigin?: boolean;
  }
}

/** Marks every route registered in this plugin (and below) as readable from any origin. */
export function readableFromAnyOrigin(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config ?? {}), anyOrigin: true };
  });
}

export function anyOriginDocuments(routeTable: RouteTable) {
  const isDocument = (request: FastifyRequest) =>
    request.is404
      ? routeTable.configsAt(request.url.split("?")[0]!).some((config) => config.anyOrigin === true)
      : request.routeOptions.config.anyOrigin === true;
  return async function anyOriginHook(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.origin === undefined || !isDocument(request)) return;
    reply.header("access-control-allow-origin", "*").header("access-control-expose-headers", CROSS_ORIGIN_EXPOSED);
    if (request.method === "OPTIONS") {
      return reply
        .code(204)
        .header("access-control-allow-methods", "GET")
        .header("access-control-allow-headers", CROSS_ORIGIN_REQUEST_HEADERS)
        .header("access-control-max-age", "600")
        .send();
    }
  };
}
