/**
 * The gateway, composed the same way in both ways to run; only the transports differ: the in-process router
 * (all-in-one, app/all-in-one.ts) or gRPC over HTTP/2 to each service process (cluster, app/gateway.ts). Clients of
 * every service and of each process's grpc.health.v1, the API key resolver on the SELECT-only pool, search_enabled
 * from SearchService's health, the relay callback receiver, metrics, and readiness (database, any further checks such
 * as the bus, and every service process).
 */
import { createClient, type Transport } from "@connectrpc/connect";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { Health } from "../../gen/grpc/health/v1/health_pb.js";
import { createApiKeyResolver } from "../../gateway/auth/api-keys.js";
import { buildGateway } from "../../gateway/app.js";
import { createServiceClients, type ServiceClients, type ServiceTransports } from "../../gateway/upstream/clients.js";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import type { RateLimiter } from "../../gateway/rate-limit/limiter.js";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import type { Opener } from "../../gateway/infrastructure/infrastructure-plugin.js";
import { createChangeSource } from "../../gateway/changes/change-source.js";
import { countedInbox } from "../../gateway/relay/callback-metrics.js";
import type { RelayCallbackOptions } from "../../gateway/relay/callback-route.js";
import { searchEnabledFrom, serviceCheck } from "../../gateway/upstream/service-health.js";
import { GROUP_OF, SERVICE_GROUPS, type ServiceGroup, type ServiceKey } from "../../services/groups.js";
import type { Config } from "../../lib/config/config.js";
import type { Pool } from "../../lib/db/pool.js";
import { deploymentCursorSigner } from "../../lib/cursor/cursor-key.js";
import type { Metrics } from "../../lib/observability/metrics.js";
import { createReadiness, poolCheck, type Check, type Readiness } from "../../lib/observability/readiness.js";

export interface GatewayComposition {
  config: Config;
  /** How each service process is reached. */
  transports: Record<ServiceGroup, Transport>;
  /** GovernorService (the queue pulse), when a governor serves one. */
  governor?: Transport;
  /** The SELECT-only pool (API keys). */
  reader: Pool;
  /** Epoch milliseconds (tests fix it; key expiry is judged by it). */
  now?: () => number;
  logger?: FastifyServerOptions["logger"];
  relayCallbacks?: RelayCallbackOptions;
  tools?: ToolDefinition[];
  /** Opens the per-credential rate limits (app/compose/open-rate-limiter.ts); absent, none. The gateway closes them. */
  rateLimits?: Opener<RateLimiter>;
  /** Opens the usage and readership counters (app/compose/open-usage-recorder.ts); absent, nothing is counted. The
   * gateway closes them. */
  usage?: Opener<UsageRecorder>;
  metrics?: Metrics;
  /** Readiness checks beyond the database and the services (the callback inbox's pool, the bus). */
  checks?: Record<string, Check>;
}

export interface ComposedGateway {
  app: FastifyInstance;
  clients: ServiceClients;
  readiness: Readiness;
}

export async function composeGateway(c: GatewayComposition): Promise<ComposedGateway> {
  // Every replica signs cursors with the same key (CURSOR_SECRET, else the database's), so any takes another's cursor.
  const cursors = deploymentCursorSigner(c.reader, c.config.cluster.cursorSecret);
  const transports = Object.fromEntries(
    Object.entries(GROUP_OF).map(([key, group]) => [key, c.transports[group]]),
  ) as Record<ServiceKey, Transport>;
  const clients = createServiceClients(transports satisfies ServiceTransports, c.governor);
  const health = Object.fromEntries(SERVICE_GROUPS.map((g) => [g, createClient(Health, c.transports[g])])) as Record<
    ServiceGroup,
    ReturnType<typeof createClient<typeof Health>>
  >;
  const relayCallbacks =
    c.relayCallbacks && c.metrics
      ? { ...c.relayCallbacks, inbox: countedInbox(c.relayCallbacks.inbox, c.metrics.registry) }
      : c.relayCallbacks;
  const app = await buildGateway({
    config: c.config,
    clients,
    apiKeys: createApiKeyResolver(c.reader, { cacheSeconds: c.config.keyCacheSeconds, now: c.now }),
    searchEnabled: searchEnabledFrom(health.search),
    logger: c.logger,
    relayCallbacks,
    tools: c.tools,
    now: c.now,
    rateLimits: c.rateLimits,
    usage: c.usage,
    metrics: c.metrics,
    // The read cache listens on a session of its own, with the reader's settings.
    readCache: {
      budgetBytes: c.config.readCacheBytes,
      connection: c.reader.options,
      staleMs: c.config.readCacheStaleSeconds * 1000,
    },
    changes: createChangeSource(c.reader, cursors),
    cursors,
  });
  c.metrics?.observePool("reader", c.reader);
  const readiness = createReadiness({
    database: poolCheck(c.reader),
    ...c.checks,
    ...Object.fromEntries(SERVICE_GROUPS.map((g) => [`service:${g}`, serviceCheck(health[g])])),
  });
  // From the first moment of close(): /readyz answers 503 while in-flight requests finish.
  app.addHook("preClose", (done) => (readiness.markShuttingDown(), done()));
  return { app, clients, readiness };
}
