/**
 * With a valid credential, an unknown path is 404 and a known path with another method is 405 with `Allow`.
 * Fastify answers both as "not found", so the routes are mirrored in a router that is asked for other methods.
 */
import type { FastifyInstance, HTTPMethods } from "fastify";
import FindMyWay from "find-my-way";
import { sendError } from "./errors.js";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export function registerMethodAwareNotFound(app: FastifyInstance) {
  const known = FindMyWay();
  app.addHook("onRoute", (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    for (const method of methods) {
      if ((METHODS as readonly string[]).includes(method))
        known.on(method as (typeof METHODS)[number], route.url, () => {});
    }
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const allowed = METHODS.filter((m) => known.find(m, path) !== null);
    if (allowed.length > 0) {
      return sendError(
        reply.header("allow", allowed.join(", ")),
        405,
        `method ${request.method} not allowed on ${path}`,
      );
    }
    return sendError(reply, 404, `no such route: ${request.method} ${path}`);
  });
}
