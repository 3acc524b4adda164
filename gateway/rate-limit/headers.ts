/**
 * A take from a token bucket, as the RateLimit-Policy and RateLimit header fields of
 * draft-ietf-httpapi-ratelimit-headers-11 (Structured Field lists of quoted policy names with parameters):
 *   RateLimit-Policy: "institute-key";q=600;w=60   the bucket holds q requests and refills in w seconds
 *   RateLimit: "institute-key";r=599;t=1           r requests are available now; t seconds until r next grows
 * `t` is the draft's effective window: until it passes the client can use no more than r. On a refusal r is 0 and
 * t equals Retry-After, so Retry-After never names a point before the end of the effective window (draft §6).
 */
import type { RateLimitPolicy } from "../../lib/config/access.js";
import type { Take } from "./bucket-store.js";

export interface Decision {
  allowed: boolean;
  policy: RateLimitPolicy;
  /** Requests available after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until `remaining` next grows; on a refusal, the Retry-After value. */
  resetSeconds: number;
}

/** The emission interval: milliseconds between two requests at the sustained rate. */
export const intervalMs = (policy: RateLimitPolicy) => 60_000 / policy.perMinute;

/** Whole seconds, rounded up, never below 1: a client told 0 would retry at once. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000 - 1e-9));

export function decide(policy: RateLimitPolicy, take: Take): Decision {
  const t = intervalMs(policy);
  if (take.taken !== null) {
    const used = (take.taken - take.now) / t;
    const remaining = Math.max(0, Math.floor(policy.burst - used + 1e-9));
    // The next whole request frees up once tat has drawn back to (burst - remaining - 1) intervals ahead of now.
    const untilNext = take.taken - take.now - (policy.burst - remaining - 1) * t;
    return { allowed: true, policy, remaining, resetSeconds: seconds(untilNext) };
  }
  const waitMs = take.current === null ? t : take.current - take.now - (policy.burst - 1) * t;
  return { allowed: false, policy, remaining: 0, resetSeconds: seconds(waitMs) };
}

/** Structured Field string: printable ASCII with `"` and `\` escaped (RFC 9651 §3.3.3). */
const sfString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

export function policyHeader(policy: RateLimitPolicy): string {
  return `${sfString(policy.name)};q=${policy.burst};w=${seconds(policy.burst * intervalMs(policy))}`;
}

export function rateLimitHeader(decision: Decision): string {
  return `${sfString(decision.policy.name)};r=${decision.remaining};t=${decision.resetSeconds}`;
}
