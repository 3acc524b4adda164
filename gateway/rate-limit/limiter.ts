/**
 * The rate limiter the gateway consults once per request: the partition's policy, one take from the shared bucket
 * store (from this replica's lease of it when it holds one: leases.ts), the decision. It fails open: when the store cannot answer (the database is down), the request goes on
 * without RateLimit headers and a warning is logged at most once a minute, since the limiter protects the service and
 * must not become the reason it refuses to serve. A timer deletes full buckets now and then (any replica may).
 */
import type { RateLimitConfig } from "../../lib/config/access.js";
import type { Log } from "../../lib/log.js";
import type { BucketStore } from "./bucket-store.js";
import { decide, type Decision } from "./headers.js";
import { leasedBuckets } from "./leases.js";
import type { Partition } from "./partition.js";

export interface RateLimiter {
  readonly config: RateLimitConfig;
  /** The decision for one request of this partition; undefined when the store could not be asked (fail open). */
  check(partition: Partition): Promise<Decision | undefined>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  config: RateLimitConfig;
  store: BucketStore;
  log?: Pick<Log, "warn">;
  /** How often full buckets are deleted; 0 never. Default one minute. */
  sweepEveryMs?: number;
  /** This process's clock (warnings, and how old a lease is); default Date.now. The buckets keep the store's. */
  now?: () => number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { config, store } = options;
  const now = options.now ?? Date.now;
  let warnedAt = -Infinity;
  const warn = (err: unknown, message: string) => {
    if (now() - warnedAt < 60_000) return;
    warnedAt = now();
    options.log?.warn({ err: (err as Error).message }, message);
  };
  const buckets = leasedBuckets(store, now);
  const every = options.sweepEveryMs ?? 60_000;
  const timer =
    every > 0
      ? setInterval(() => void store.sweep().catch((e) => warn(e, "rate limit: sweep failed")), every)
      : undefined;
  timer?.unref();

  return {
    config,
    async check(partition) {
      const policy = config.policies[partition.kind];
      try {
        return decide(policy, await buckets.take(partition.bucket, policy));
      } catch (e) {
        warn(e, "rate limit: the bucket store did not answer; requests pass unlimited until it does");
        return undefined;
      }
    },
    async close() {
      if (timer) clearInterval(timer);
    },
  };
}
