/**
 * Failed authentication costs nothing: each client address holds a bucket of failures (AUTH_FAILURE_BURST, refilled at
 * AUTH_FAILURE_PER_MINUTE). While its bucket is empty the address is answered 429 with Retry-After before any
 * look-up, unless the credential it presents is one this gateway already knows to be valid: the throttle counts
 * failures, it does not block an address. In memory, per gateway replica (a flood reaches each replica's own bucket).
 */
import { LruTtl } from "../../lib/cache/lru-ttl.js";

export interface FailureThrottleConfig {
  /** 0 turns the throttle off. */
  perMinute: number;
  burst: number;
}

export interface FailureThrottle {
  /** Seconds the address must wait before its next unknown credential is looked up; 0 when it may go ahead. */
  retryAfter(address: string): number;
  /** One failed authentication from the address. */
  failed(address: string): void;
}

const ADDRESSES = 100_000;

export function createFailureThrottle(config: FailureThrottleConfig, now: () => number = Date.now): FailureThrottle {
  if (config.perMinute === 0) return { retryAfter: () => 0, failed: () => {} };
  const perMs = config.perMinute / 60_000;
  // An idle bucket refills completely within burst/perMs; after that it is as good as new and may be forgotten.
  const buckets = new LruTtl<string, { tokens: number; at: number }>(ADDRESSES, Math.ceil(config.burst / perMs), now);

  function level(address: string): { tokens: number; at: number } {
    const t = now();
    const bucket = buckets.get(address);
    if (!bucket) return { tokens: config.burst, at: t };
    return { tokens: Math.min(config.burst, bucket.tokens + (t - bucket.at) * perMs), at: t };
  }

  return {
    retryAfter(address) {
      const { tokens } = level(address);
      return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    },
    failed(address) {
      const bucket = level(address);
      buckets.set(address, { tokens: Math.max(0, bucket.tokens - 1), at: bucket.at });
    },
  };
}
