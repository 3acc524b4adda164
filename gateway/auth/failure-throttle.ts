/**
 * Failed authentication costs nothing: each client address holds a bucket of failures (AUTH_FAILURE_BURST, refilled at
 * AUTH_FAILURE_PER_MINUTE). Every look-up of an unknown credential takes one try from the bucket when it starts and
 * gives it back when the credential turns out valid, so look-ups still in flight count too (a flood of concurrent
 * requests cannot slip past while earlier ones wait on the database). While the bucket is empty the address is
 * answered 429 with Retry-After before any look-up, unless the credential it presents is one this gateway already
 * knows to be valid: the throttle counts failures, it does not block an address. In memory, per gateway replica.
 * Each such 429 is held for AUTH_FAILURE_HOLD_MS before it is sent: a client that retries as soon as it is answered
 * (a flood is one) then sends one request per hold and connection instead of as many as the gateway can answer, and
 * leaves the CPU to valid callers.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { LruTtl } from "../../lib/cache/lru-ttl.js";

export interface FailureThrottleConfig {
  /** 0 turns the throttle off. */
  perMinute: number;
  burst: number;
  /** How long each 429 of a throttled address is held before it is sent. */
  holdMs: number;
}

export interface FailureThrottle {
  /** Takes one try for a look-up from the address: 0 when taken, else the seconds until one is free again. */
  take(address: string): number;
  /** Gives the try back: the look-up it was taken for did not fail. */
  giveBack(address: string): void;
  /** Resolves when a throttled address's 429 may be sent. */
  hold(): Promise<void>;
}

const ADDRESSES = 100_000;

export function createFailureThrottle(config: FailureThrottleConfig, now: () => number = Date.now): FailureThrottle {
  if (config.perMinute === 0) return { take: () => 0, giveBack: () => {}, hold: async () => {} };
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
    take(address) {
      const bucket = level(address);
      if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      buckets.set(address, { tokens: bucket.tokens - 1, at: bucket.at });
      return 0;
    },
    giveBack(address) {
      const bucket = level(address);
      buckets.set(address, { tokens: Math.min(config.burst, bucket.tokens + 1), at: bucket.at });
    },
    async hold() {
      if (config.holdMs > 0) await sleep(config.holdMs, undefined, { ref: false });
    },
  };
}
