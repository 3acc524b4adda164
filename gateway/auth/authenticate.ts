/**
 * Authentication before routing (spec §5.2 rule 5): every path that is not public, including paths that do
 * not exist, answers 401 without a valid credential. Then the route's scope is checked (spec §5.1 rule 3).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../errors.js";
import type { ApiKeyPrincipal, ApiKeyResolver } from "./api-keys.js";

export interface RouteAccess {
  /** Served without a credential. */
  public?: boolean;
  /** The scope a REST route needs. */
  scope?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: ApiKeyPrincipal | null;
  }
  interface FastifyContextConfig extends RouteAccess {}
}

export function authenticate(apiKeys: ApiKeyResolver) {
  return async function authenticateHook(request: FastifyRequest, reply: FastifyReply) {
    const access = request.is404 ? {} : (request.routeOptions.config as RouteAccess);
    if (access.public) return;
    const header = request.headers["x-api-key"];
    if (header === undefined || header === "") return sendError(reply, 401, "missing API key: send it in the X-API-Key header");
    const principal = typeof header === "string" ? await apiKeys.resolve(header) : undefined;
    if (!principal) return sendError(reply, 401, "invalid API key");
    request.principal = principal;
    const scope = access.scope;
    if (scope && !principal.scopes.has(scope)) {
      return sendError(reply, 403, `missing scope: ${scope}`, { required: scope, granted: [...principal.scopes].sort() });
    }
  };
}
