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
import { clientInterceptors, routerInterceptors } from "./compose/interceptors.js";
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
}

export async function composeAllInOne(options: AllInOneOptions): Promise<ComposedGateway> {
  const deps = createServiceDeps({
    config: options.config,
    reader: options.db.reader,
    now: options.now,
    indexes: indexesOf(SERVICE_GROUPS),
  });
  // One router holds every group, as each service process holds its own; database outages become Unavailable.
  const router = { interceptors: routerInterceptors(options.metrics) };
  const transport = { interceptors: clientInterceptors(options.metrics) };
  const services = createInProcessTransport(
    (r) => {
      groupRoutes(SERVICE_GROUPS, deps)(r);
      healthRoutes(groupHealth(SERVICE_GROUPS, deps))(r);
    },
    { router, transport },
  );
  const composed = await composeGateway({
    config: options.config,
    transports: Object.fromEntries(SERVICE_GROUPS.map((g) => [g, services])) as Record<ServiceGroup, Transport>,
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
  await vectors.start({ wait: !options.indexesInBackground });
  return composed;
}

export async function buildAllInOne(options: AllInOneOptions): Promise<FastifyInstance> {
  return (await composeAllInOne(options)).app;
}
