/**
 * Authentication before routing (spec §5.2 rule 5): every path that is not public, including paths that do
 * not exist, answers 401 without a valid credential. Then (after the rate limit step) the route's scope is checked
 * by `requireScope` (spec §5.1 rule 3).
 * Each surface installs it with its own credential policy: REST (/api/v1) takes institute keys only; everywhere else
 * any valid credential of spec §5.2 counts. A refusal is thrown (http/refusal.ts) and rendered by the surface: on
 * REST with the ApiKey challenge, elsewhere with the Bearer challenge that starts OAuth discovery.
 */
import type { FastifyRequest } from "fastify";
import { Refusal } from "../http/refusal.js";
import {
  knownValid,
  presentedCredential,
  resolveCredential,
  type CredentialResolvers,
  type Surface,
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

const tooManyFailures = async (failures: FailureThrottle, wait: number) => {
  await failures.hold();
  return new Refusal("auth_failures", 429, `too many failed authentications from this address: retry after ${wait} s`, {
    "retry-after": String(wait),
  });
};

const refuseCredential = (error: string, tokenRefused: boolean) =>
  new Refusal("credential", 401, error, {}, {}, tokenRefused);

const MISSING: Record<Surface, string> = {
  rest: "missing API key: send it in the X-API-Key header",
  tool: "missing credential: send an API key in X-API-Key or a token in Authorization: Bearer",
};

export function authenticate(resolvers: CredentialResolvers, failures: FailureThrottle, surface: Surface) {
  return async function authenticateHook(request: FastifyRequest) {
    const access = request.is404 ? {} : (request.routeOptions.config as RouteAccess);
    if (access.public) return;
    const presented = presentedCredential(request.headers);
    const feedToken = presented === undefined && access.feed ? feedTokenOf(request) : undefined;
    if (feedToken !== undefined) {
      const wait = failures.take(request.ip);
      if (wait > 0 && !resolvers.apiKeys.known(feedToken)) throw await tooManyFailures(failures, wait);
      const outcome = await resolveFeedToken(feedToken, resolvers.apiKeys);
      if ("error" in outcome) throw refuseCredential(outcome.error, false);
      if (wait === 0) failures.giveBack(request.ip);
      request.principal = outcome.principal;
      return;
    }
    if (presented === undefined) throw refuseCredential(MISSING[surface], false);
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
    if (wait > 0 && !knownValid(presented, resolvers)) throw await tooManyFailures(failures, wait);
    const outcome = await resolveCredential(presented, surface, resolvers);
    if (wait === 0 && !("status" in outcome && outcome.status === 401)) failures.giveBack(request.ip);
    if ("status" in outcome) {
      if (outcome.status === 503) throw new Refusal("auth_unavailable", 503, outcome.error, { "retry-after": "5" });
      throw refuseCredential(outcome.error, outcome.tokenRefused);
    }
    request.principal = outcome.principal;
  };
}

/** The route's scope, checked once the caller is known and counted (the rate limit step runs in between). */
export async function requireScope(request: FastifyRequest) {
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
    throw new Refusal("scope", 403, `missing scope: ${scope}`, {}, { required: scope, granted });
  }
}
