/**
 * Prometheus metrics (prom-client) of one process, in a registry of its own (tests build several in one process):
 * HTTP requests by route and status, Connect calls by method, database pool use, and the process's defaults (CPU,
 * memory, event loop) when asked. Components add their own metrics to `registry` (governor decisions, callbacks).
 */
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Seconds; from a fast in-memory answer to a slow report. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route" | "status">;
  rpcDuration: Histogram<"side" | "service" | "method" | "code">;
  /** Reports the pool's connections (total, idle, waiting) under `name` at each scrape. */
  observePool(name: string, pool: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">): void;
}

export function createMetrics(options: { process: string; defaults?: boolean }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ process: options.process });
  if (options.defaults) collectDefaultMetrics({ register: registry });
  const pools = new Map<string, Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">>();
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting requests)",
    labelNames: ["pool", "state"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, p] of pools) {
        this.set({ pool, state: "total" }, p.totalCount);
        this.set({ pool, state: "idle" }, p.idleCount);
        this.set({ pool, state: "waiting" }, p.waitingCount);
      }
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency, by method, route template and status",
      labelNames: ["method", "route", "status"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    rpcDuration: new Histogram({
      name: "connect_rpc_duration_seconds",
      help: "Connect/gRPC call latency, by side (client or server), service, method and code",
      labelNames: ["side", "service", "method", "code"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    observePool(name, pool) {
      pools.set(name, pool);
    },
  };
}

/**
 * Counts every answered request of a fastify instance by its route template (never the raw URL, so the label set
 * stays bounded: a path no route matches is "unmatched").
 */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions?.url || "unmatched",
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
