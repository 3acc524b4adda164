/**
 * The rate limiter of a gateway process: the configured policies over auth.rate_limits, through a small pool of its
 * own on the owner connection (the gateway's one write besides the relay callback inbox), so the hot path never
 * queues behind migrations or the governor. Undefined when RATE_LIMIT_ENABLED is false. The gateway closes it.
 */
import type { RateLimitConfig } from "../../lib/config/access.js";
import { createPool } from "../../lib/db/pool.js";
import type { Log } from "../../lib/log.js";
import { createBucketStore } from "../../gateway/rate-limit/bucket-store.js";
import { createRateLimiter, type RateLimiter } from "../../gateway/rate-limit/limiter.js";

export interface OpenRateLimiterOptions {
  config: RateLimitConfig;
  /** The owner connection (DATABASE_URL, or the embedded server's). */
  databaseUrl: string;
  log?: Pick<Log, "warn">;
  /** Connections in the limiter's pool; default 10. */
  poolSize?: number;
}

export function openRateLimiter(options: OpenRateLimiterOptions): RateLimiter | undefined {
  if (!options.config.enabled) return undefined;
  const pool = createPool(options.databaseUrl, { name: "institute-rate-limit", max: options.poolSize ?? 10 });
  const limiter = createRateLimiter({ config: options.config, store: createBucketStore(pool), log: options.log });
  return {
    config: limiter.config,
    check: (partition) => limiter.check(partition),
    async close() {
      await limiter.close();
      await pool.end();
    },
  };
}
