/**
 * The all-in-one process: every service mounted in the gateway's process and called through the in-process
 * Connect transport (lib/in-process-transport.ts: the router transport's semantics without its byte round trip).
 * Same code path as the cluster (app/compose/gateway-composition.ts); only the transport differs: here one router
 * holds every service group and its grpc.health.v1.
 */
import type { ConnectRouter, Transport } from "@connectrpc/connect";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { RelayCallbackOptions } from "../gateway/relay/callback-route.js";
import type { ToolDefinition } from "../gateway/mcp/tool.js";
import type { RateLimiter } from "../gateway/rate-limit/limiter.js";
import type { UsageRecorder } from "../lib/usage/usage-recorder.js";
import type { Opener } from "../gateway/infrastructure/infrastructure-plugin.js";
import { healthRoutes } from "../lib/health/health-service.js";
import { groupHealth, groupRoutes, indexesOf, SERVICE_GROUPS, type ServiceGroup } from "../services/groups.js";
import { composeGateway, type ComposedGateway } from "./compose/gateway-composition.js";
import { clientInterceptors, routerInterceptors, serverMetricsInterceptors } from "./compose/interceptors.js";
import { createServiceThread, type ServiceThread } from "./compose/service-thread.js";
import { createServiceDeps } from "./compose/service-deps.js";
import { createInProcessTransport } from "../lib/in-process-transport.js";
import type { Config } from "../lib/config/config.js";
import type { Database } from "../lib/db/database.js";
import type { Metrics } from "../lib/observability/metrics.js";
import type { Check } from "../lib/observability/readiness.js";

export interface AllInOneOptions {
  config: Config;
  db: Pick<Database, "reader">;
  now?: () => number;
  logger?: FastifyServerOptions["logger"];
  /** POST /relay/callback and its durable inbox (the governor's); absent, the route is not mounted. */
  relayCallbacks?: RelayCallbackOptions;
  /** GovernorService (the queue pulse) when a governor runs in this process: research_queue_pulse reads it. */
  governorRoutes?: (router: ConnectRouter) => void;
  /** The tool registry; default the real one (tests pass their own definitions). */
  tools?: ToolDefinition[];
  /** Opens the per-credential rate limits (app/compose/open-rate-limiter.ts); absent, none. The gateway closes them. */
  rateLimits?: Opener<RateLimiter>;
  /** Opens the usage and readership counters (app/compose/open-usage-recorder.ts); absent, nothing is counted. The
   * gateway closes them. */
  usage?: Opener<UsageRecorder>;
  /** Prometheus metrics of this process (npm start serves them on METRICS_PORT). */
  metrics?: Metrics;
  /** Readiness checks beyond the database and the services (the owner pool, the bus). */
  checks?: Record<string, Check>;
  /**
   * Load the search indexes in the background (npm start): the process serves at once, /readyz and search_ready
   * saying not ready until they are loaded. Default false: composeAllInOne resolves with them loaded (tests).
   */
  indexesInBackground?: boolean;
  /**
   * Run search on a thread of its own (npm start; app/compose/service-thread.ts), reading through `readerUrl` with a
   * pool of its own. Absent: every group on the gateway's thread (tests).
   */
  searchThread?: { readerUrl: string };
}

export async function composeAllInOne(
  options: AllInOneOptions,
): Promise<ComposedGateway & { thread: ServiceThread | undefined }> {
  const threaded: ServiceGroup[] = options.searchThread ? ["search"] : [];
  const here = SERVICE_GROUPS.filter((g) => !threaded.includes(g));
  const deps = createServiceDeps({
    config: options.config,
    reader: options.db.reader,
    now: options.now,
    indexes: indexesOf(here),
  });
  // One router holds the groups on this thread, as each service process holds its own; database outages become
  // Unavailable.
  const router = { interceptors: routerInterceptors(options.metrics) };
  const transport = { interceptors: clientInterceptors(options.metrics) };
  const services = createInProcessTransport(
    (r) => {
      groupRoutes(here, deps)(r);
      healthRoutes(groupHealth(here, deps))(r);
    },
    { router, transport },
  );
  const transports = Object.fromEntries(SERVICE_GROUPS.map((g) => [g, services])) as Record<ServiceGroup, Transport>;
  const thread =
    options.searchThread &&
    createServiceThread({
      groups: threaded,
      config: options.config,
      readerUrl: options.searchThread.readerUrl,
      indexesInBackground: options.indexesInBackground ?? false,
      interceptors: [...clientInterceptors(options.metrics), ...serverMetricsInterceptors(options.metrics)],
    });
  if (thread) for (const g of threaded) transports[g] = thread.transport;
  const composed = await composeGateway({
    config: options.config,
    transports,
    governor: options.governorRoutes && createInProcessTransport(options.governorRoutes, { router, transport }),
    reader: options.db.reader,
    now: options.now,
    logger: options.logger,
    relayCallbacks: options.relayCallbacks,
    tools: options.tools,
    rateLimits: options.rateLimits,
    usage: options.usage,
    metrics: options.metrics,
    checks: options.checks,
  });
  const { app } = composed;
  const vectors = deps.vectors!;
  // The indexes load before the first request; their reasons for not being ready go to the gateway's log.
  vectors.log = { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) };
  app.addHook("onClose", () => vectors.stop());
  if (thread) {
    thread.log = { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) };
    app.addHook("onClose", () => thread.stop());
  }
  await Promise.all([vectors.start({ wait: !options.indexesInBackground }), thread?.start()]);
  return { ...composed, thread: thread || undefined };
}

export async function buildAllInOne(options: AllInOneOptions): Promise<FastifyInstance> {
  return (await composeAllInOne(options)).app;
}
