/**
 * A rate-limited all-in-one gateway over a test database, as one replica: its own pool for the buckets and, when
 * given, an injected clock. Start two over one database to stand for two replicas sharing one budget.
 */
import type { FastifyInstance } from "fastify";
import { buildAllInOne } from "../../app/all-in-one.js";
import { loadConfig, type Config } from "../../lib/config/config.js";
import { createPool } from "../../lib/db/pool.js";
import type { RelayCallbackOptions } from "../../gateway/relay/callback-route.js";
import { createBucketStore, type BucketStore } from "../../gateway/rate-limit/bucket-store.js";
import { createRateLimiter } from "../../gateway/rate-limit/limiter.js";
import type { TestDatabase } from "./test-database.js";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";

export interface LimitedGateway {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export async function startLimitedGateway(
  db: TestDatabase,
  options: {
    env?: Record<string, string>;
    now?: () => number;
    relayCallbacks?: RelayCallbackOptions;
    store?: BucketStore;
    usage?: UsageRecorder;
  } = {},
): Promise<LimitedGateway> {
  const config = loadConfig({ LOG_LEVEL: "silent", KEY_CACHE_SECONDS: "0", ...options.env });
  const pool = createPool(db.ownerUrl, { name: "test-rate-limit", max: 4 });
  const store = options.store ?? createBucketStore(pool, { now: options.now });
  const { usage } = options;
  const app = await buildAllInOne({
    config,
    db,
    rateLimits: () => createRateLimiter({ config: config.access.rateLimit, store, sweepEveryMs: 0, now: options.now }),
    relayCallbacks: options.relayCallbacks,
    usage: usage && (() => usage),
  });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
