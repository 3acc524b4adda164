/**
 * With a valid credential, an unknown path is 404 and a known path with another method is 405 with `Allow`.
 * Fastify answers both as "not found", so the routes are mirrored in a router that is asked for other methods. Each
 * surface installs the answer as its own not-found handler, so an unrouted request passes that surface's checks
 * first (authentication before routing, spec §5.2 rule 5).
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import FindMyWay from "find-my-way";
import { sendError } from "./errors.js";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RouteTable {
  /** The methods routed at a path (percent-encoded as received). */
  allowedMethods(path: string): string[];
  /** The route configs at a path, whatever their method: what an unrouted request to a known path learns of it. */
  configsAt(path: string): FastifyContextConfig[];
}

/** Mirrors every route registered from here on (an onRoute hook: install before the routes). */
export function mirrorRoutes(app: FastifyInstance): RouteTable {
  const known = FindMyWay();
  app.addHook("onRoute", (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    // The route's options object, not a copy: a later onRoute hook may still set its config.
    for (const method of methods) {
      if ((METHODS as readonly string[]).includes(method))
        known.on(method as (typeof METHODS)[number], route.url, () => {}, route);
    }
  });
  const found = (path: string) =>
    METHODS.flatMap((m) => {
      const match = known.find(m, path);
      return match ? [{ method: m, route: match.store as { config?: FastifyContextConfig } }] : [];
    });
  return {
    allowedMethods: (path) => found(path).map((f) => f.method),
    configsAt: (path) => found(path).map((f) => f.route.config ?? {}),
  };
}

/** The not-found handler: 405 with Allow when the path is routed for other methods, else 404. */
export function answerUnrouted(table: RouteTable) {
  return async function unrouted(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split("?")[0]!;
    const allowed = table.allowedMethods(path);
    if (allowed.length > 0) {
      return sendError(
        reply.header("allow", allowed.join(", ")),
        405,
        `method ${request.method} not allowed on ${path}`,
      );
    }
    return sendError(reply, 404, `no such route: ${request.method} ${path}`);
  };
}

/** For an app with one surface (the admin listener): mirror its routes and answer the unrouted ones. */
export function registerMethodAwareNotFound(app: FastifyInstance) {
  app.setNotFoundHandler(answerUnrouted(mirrorRoutes(app)));
}
