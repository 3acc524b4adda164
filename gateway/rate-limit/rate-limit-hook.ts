/**
 * The rate limit step of the public surface: after authentication, before the route's scope. Every request that is
 * served or refused past authentication is counted against its credential, or on the public routes against its
 * client address, and carries RateLimit-Policy and RateLimit. Over the limit the step refuses with 429 and
 * Retry-After, which the surface renders: an ErrorResponse, or on the tool endpoint a JSON-RPC error of category
 * transient (spec §7.2: a retry may help; mcp/refusals.ts). A 401 counts against nothing (docs/access-control.md).
 * A route declares `config: { rateLimit: false }` to be exempt.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { RateLimitKind } from "../../lib/config/access.js";
import { Refusal } from "../http/refusal.js";
import { policyHeader, rateLimitHeader, type Decision } from "./headers.js";
import type { RateLimiter } from "./limiter.js";
import { partitionOf } from "./partition.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: the route is not rate limited (it is authenticated otherwise, e.g. by a signature). */
    rateLimit?: boolean;
  }
}

const WHO: Record<RateLimitKind, string> = {
  api_key: "this API key",
  peer: "this peer key",
  oauth: "this identity",
  anonymous: "this client address",
};

export function rateLimitMessage(kind: RateLimitKind, decision: Decision): string {
  const { perMinute, burst } = decision.policy;
  return `rate limit exceeded: ${WHO[kind]} may send ${perMinute} requests a minute, in bursts of up to ${burst}; retry after ${decision.resetSeconds} s`;
}

export function rateLimitHook(limiter: RateLimiter) {
  return async function rateLimitStep(request: FastifyRequest, reply: FastifyReply) {
    if (!request.is404 && request.routeOptions?.config?.rateLimit === false) return;
    const partition = partitionOf(request.principal, request.ip);
    const decision = await limiter.check(partition);
    if (!decision) return;
    reply.header("ratelimit-policy", policyHeader(decision.policy)).header("ratelimit", rateLimitHeader(decision));
    if (decision.allowed) return;
    request.log.debug({ bucketKind: partition.kind }, "rate limit exceeded");
    throw new Refusal("rate_limit", 429, rateLimitMessage(partition.kind, decision), {
      "retry-after": String(decision.resetSeconds),
    });
  };
}
