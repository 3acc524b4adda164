/**
 * What the gateway holds open besides its routes, as one named plugin (fastify-plugin, so it decorates the root
 * instance): the read cache, the rate limiter and the usage recorder. Like fastify-postgres, it opens what it decorates
 * and closes it when the gateway closes. The read cache it opens from the configuration (a listening session on the
 * reader's connection); the limiter and the recorder, whose pools only the composition builds (app/compose/), it
 * opens through the opener the composition hands it, with the gateway's log.
 */
import fp from "fastify-plugin";
import type pg from "pg";
import type { Log } from "../../lib/log.js";
import type { Metrics } from "../../lib/observability/metrics.js";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import type { RateLimiter } from "../rate-limit/limiter.js";
import { observeReadCache } from "../read-cache/cache-metrics.js";
import { openReadCache, type GatewayReadCache } from "../read-cache/open-read-cache.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The read cache (READ_CACHE_BYTES), null when off: its store and settle(), for tests and in-process writers. */
    readCache: GatewayReadCache | null;
    /** Per-credential rate limits shared across replicas (gateway/rate-limit/), null when off. */
    rateLimiter: RateLimiter | null;
    /** Usage and readership counters (gateway/usage/), null when nothing is counted. */
    usage: UsageRecorder | null;
  }
}

/** Opens one piece of infrastructure with the gateway's log; undefined when the configuration turns it off. */
export type Opener<T> = (log: Log) => T | undefined;

export interface ReadCacheSettings {
  /** READ_CACHE_BYTES: 0 turns the cache off. */
  budgetBytes: number;
  /** READ_CACHE_STALE_SECONDS, in milliseconds. */
  staleMs: number;
  /** Where the listening session connects (the reader's settings). */
  connection: pg.ClientConfig;
}

export interface InfrastructureOptions {
  /** Absent (or a zero budget): no read cache. */
  readCache?: ReadCacheSettings;
  rateLimiter?: Opener<RateLimiter>;
  usage?: Opener<UsageRecorder>;
  metrics?: Metrics;
}

export const gatewayInfrastructure = fp<InfrastructureOptions>(
  async (app, opts) => {
    const readCache =
      opts.readCache && opts.readCache.budgetBytes > 0
        ? openReadCache({
            budgetBytes: opts.readCache.budgetBytes,
            connection: opts.readCache.connection,
            staleMs: opts.readCache.staleMs,
            log: app.log,
          })
        : null;
    if (readCache && opts.metrics) observeReadCache(opts.metrics.registry, readCache.store);
    const rateLimiter = opts.rateLimiter?.(app.log) ?? null;
    const usage = opts.usage?.(app.log) ?? null;
    app.decorate("readCache", readCache);
    app.decorate("rateLimiter", rateLimiter);
    app.decorate("usage", usage);
    app.addHook("onClose", async () => {
      await Promise.all([readCache?.close(), rateLimiter?.close(), usage?.close()]);
    });
  },
  { name: "gateway-infrastructure", fastify: "5.x" },
);
