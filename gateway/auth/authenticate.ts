/**
 * Authentication before routing (spec §5.2 rule 5): every path that is not public, including paths that do
 * not exist, answers 401 without a valid credential. Then (after the rate limit step) the route's scope is checked
 * by `requireScope` (spec §5.1 rule 3).
 * REST (/api/v1) takes institute keys only; on every other path any valid credential of spec §5.2 counts, and a
 * refusal carries the Bearer challenge that starts OAuth discovery.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { sendError } from "../http/errors.js";
import { routePath } from "../http/public-url.js";
import { sendChallenge } from "./challenge.js";
import {
  knownValid,
  presentedCredential,
  resolveCredential,
  surfaceOf,
  type CredentialResolvers,
} from "./credentials.js";
import type { FailureThrottle } from "./failure-throttle.js";
import { feedTokenOf, resolveFeedToken } from "./feed-token.js";
import { holdsScope, type Principal } from "./principal.js";
import { FEED_SCOPE } from "../../lib/scopes.js";

export interface RouteAccess {
  /** Served without a credential. */
  public?: boolean;
  /** The scope a REST route needs. */
  scope?: string;
  /** A report feed: a feed token (scope feeds:read alone) also reads it, in X-API-Key or in the `token` query parameter. */
  feed?: boolean;
  /** A feed whose links carry the feed token it was read with: the read cache keeps one answer per token. */
  tokenInAnswer?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig extends RouteAccess {}
}

const tooManyFailures = async (failures: FailureThrottle, reply: FastifyReply, wait: number) => {
  await failures.hold();
  return sendError(
    reply.header("retry-after", String(wait)),
    429,
    `too many failed authentications from this address: retry after ${wait} s`,
  );
};

export function authenticate(resolvers: CredentialResolvers, config: Config, failures: FailureThrottle) {
  return async function authenticateHook(request: FastifyRequest, reply: FastifyReply) {
    const access = request.is404 ? {} : (request.routeOptions.config as RouteAccess);
    if (access.public) return;
    const surface = surfaceOf(routePath(request));
    const presented = presentedCredential(request.headers);
    const feedToken = presented === undefined && access.feed ? feedTokenOf(request) : undefined;
    if (feedToken !== undefined) {
      const wait = failures.take(request.ip);
      if (wait > 0 && !resolvers.apiKeys.known(feedToken)) return tooManyFailures(failures, reply, wait);
      const outcome = await resolveFeedToken(feedToken, resolvers.apiKeys);
      if ("error" in outcome) return sendError(reply, 401, outcome.error);
      if (wait === 0) failures.giveBack(request.ip);
      request.principal = outcome.principal;
      return;
    }
    if (presented === undefined) {
      if (surface === "rest") return sendError(reply, 401, "missing API key: send it in the X-API-Key header");
      return sendChallenge(
        config,
        request,
        reply,
        "missing credential: send an API key in X-API-Key or a token in Authorization: Bearer",
        false,
      );
    }
    // An institute key whose look-up is fresh in memory costs no database work, so it takes no try either.
    const remembered =
      "via" in presented && presented.via === "x-api-key" ? resolvers.apiKeys.remembered(presented.value) : undefined;
    if (remembered) {
      request.principal = remembered;
      return;
    }
    // Every look-up takes a try, given back unless it fails; only an address out of tries pays for asking whether the
    // credential is one this gateway already knows to be valid (hashing it again), and is served if it is.
    const wait = failures.take(request.ip);
    if (wait > 0 && !knownValid(presented, resolvers)) return tooManyFailures(failures, reply, wait);
    const outcome = await resolveCredential(presented, surface, resolvers);
    if (wait === 0 && !("status" in outcome && outcome.status === 401)) failures.giveBack(request.ip);
    if ("status" in outcome) {
      if (outcome.status === 503) return sendError(reply.header("retry-after", "5"), 503, outcome.error);
      if (surface === "rest") return sendError(reply, 401, outcome.error);
      return sendChallenge(config, request, reply, outcome.error, outcome.tokenRefused);
    }
    request.principal = outcome.principal;
  };
}

/** The route's scope, checked once the caller is known and counted (the rate limit step runs in between). */
export async function requireScope(request: FastifyRequest, reply: FastifyReply) {
  const principal = request.principal;
  const scope = request.is404 ? undefined : (request.routeOptions?.config as RouteAccess | undefined)?.scope;
  if (!scope || principal === null) return;
  // A route's scope is a REST scope, held by the institute key itself (viewer:read widens tool scopes only).
  const feed = (request.routeOptions?.config as RouteAccess | undefined)?.feed === true;
  const holds =
    principal.kind === "api_key"
      ? principal.scopes.has(scope) || (feed && principal.scopes.has(FEED_SCOPE))
      : holdsScope(principal, scope);
  if (!holds) {
    const granted = principal.kind === "peer" ? [] : [...principal.scopes].sort();
    return sendError(reply, 403, `missing scope: ${scope}`, { required: scope, granted });
  }
}
