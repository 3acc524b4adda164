/**
 * The gateway as its own process (cluster mode; any number of replicas): `tsx app/gateway.ts`. It reaches every
 * service process over the Connect protocol (keep-alive HTTP/1.1, binary protobuf) at <NAME>_SERVICE_URL (CATALOG,
 * REPORTS, PORTFOLIO, SEARCH, FACTCARD; GOVERNOR for the queue pulse), reads API keys through DATABASE_READER_URL,
 * keeps verified relay callbacks in the governor's inbox through DATABASE_URL (its one narrow owner-side write, with
 * the rate-limit buckets) and notifies the governors on NATS at NATS_URL. Public surface on PORT; /healthz, /readyz
 * and /metrics on METRICS_PORT only; the operator's admin listener on ADMIN_HOST:ADMIN_PORT when ADMIN_TOKEN_SHA256
 * is set.
 * SIGTERM: /readyz 503, stop accepting, finish in-flight requests within SHUTDOWN_TIMEOUT_MS, close the connections
 * to the services, drain NATS, end the pools.
 */
import { createClient, type Transport } from "@connectrpc/connect";
import { Agent } from "node:http";
import { hostname } from "node:os";
import { createCallbackInbox } from "../governor/callbacks/inbox-store.js";
import { createCallbackTally } from "../governor/callbacks/callback-tally.js";
import type { Bus } from "../lib/bus/bus.js";
import { openBus } from "../lib/bus/open-bus.js";
import { requireServiceUrls } from "../lib/config/cluster.js";
import { requireEnvironment } from "./cluster/requirements.js";
import { composeGateway } from "./compose/gateway-composition.js";
import { clientInterceptors } from "./compose/interceptors.js";
import { loadConfig, type Config } from "../lib/config/config.js";
import { createPool, type Pool } from "../lib/db/pool.js";
import { processListeners } from "./compose/process-listeners.js";
import { createLogger, loggerOptions, type LogSettings } from "../lib/observability/logger.js";
import { createMetrics } from "../lib/observability/metrics.js";
import { poolCheck } from "../lib/observability/readiness.js";
import { createUnaryHttp1Transport } from "../lib/rpc/unary-http1-transport.js";
import { isMain, runProcess } from "../lib/process/run-process.js";
import { SERVICE_IDLE_TIMEOUT_MS } from "../lib/rpc/http1-and-h2c-server.js";
import { SERVICE_GROUPS, type ServiceGroup } from "../services/groups.js";
import { startAdminListener } from "../admin/admin-app.js";
import { serviceFacts } from "./compose/admin-listener.js";
import { Health } from "../gen/grpc/health/v1/health_pb.js";
import { serviceCheck } from "../gateway/upstream/service-health.js";
import { openRateLimiter } from "./compose/open-rate-limiter.js";
import { openUsageRecorder } from "./compose/open-usage-recorder.js";

export interface BuildOptions {
  config?: Config;
  /** Open pools (tests); otherwise opened from DATABASE_URL / DATABASE_READER_URL and ended with the process. */
  db?: { owner: Pool; reader: Pool };
  bus?: Bus;
  logStream?: LogSettings["stream"];
}

function requireCluster(config: Config, options: BuildOptions) {
  requireEnvironment("gateway", config, { db: !!options.db, bus: !!options.bus });
  return requireServiceUrls(config.cluster, SERVICE_GROUPS);
}

export async function build(options: BuildOptions = {}) {
  const config = options.config ?? loadConfig();
  const urls = requireCluster(config, options);
  const logSettings: LogSettings = {
    level: config.logLevel,
    name: "gateway",
    relayName: config.relay.name,
    stream: options.logStream,
  };
  const log = createLogger(logSettings);
  const owner = options.db?.owner ?? createPool(config.databaseUrl!, { name: "gateway-owner", max: 4 });
  const reader = options.db?.reader ?? createPool(config.databaseReaderUrl!, { name: "gateway-reader", max: 10 });
  const bus =
    options.bus ??
    (await openBus({
      natsUrl: config.natsUrl,
      namespace: config.cluster.natsNamespace,
      name: `gateway-${hostname()}-${process.pid}`,
      log,
      now: Date.now,
    }));
  const tally = createCallbackTally({ db: owner, log });
  const metrics = createMetrics({ process: "gateway", defaults: !options.db });
  metrics.observePool("owner", owner);
  // Keep-alive HTTP/1.1 connections to each service process, as many as calls in flight at once; closed with the
  // gateway. Not one HTTP/2 session: the cluster answered 1.35 times the searches a second this way, at the same CPU
  // a search (docs/benchmark.md, "The hop over HTTP/1.1"). Idle connections close 12 s before the services'
  // keep-alive does, so a call never reuses one the service is closing.
  const agents = new Map<string, Agent>();
  const transportTo = (baseUrl: string): Transport => {
    let agent = agents.get(baseUrl);
    if (!agent)
      agents.set(baseUrl, (agent = new Agent({ keepAlive: true, timeout: SERVICE_IDLE_TIMEOUT_MS - 12_000 })));
    // The Connect protocol (binary protobuf) rather than gRPC: a unary call is one body each way, where gRPC frames
    // it as a stream through Connect's async-iterable pipeline on both sides (docs/benchmark.md, "The cluster").
    // Unary calls are written and read with node:http itself (lib/rpc/unary-http1-transport.ts); answers come back
    // uncompressed: between processes of one cluster gzip costs more CPU than the bytes it saves.
    return createUnaryHttp1Transport({ baseUrl, agent, interceptors: clientInterceptors(metrics) });
  };
  const { app, readiness } = await composeGateway({
    config,
    transports: Object.fromEntries(SERVICE_GROUPS.map((g) => [g, transportTo(urls[g])])) as Record<
      ServiceGroup,
      Transport
    >,
    governor: config.cluster.serviceUrls.governor ? transportTo(config.cluster.serviceUrls.governor) : undefined,
    reader,
    logger: loggerOptions(logSettings),
    relayCallbacks: {
      inbox: createCallbackInbox({ db: owner, bus, log }),
      tally,
      relayName: config.relay.name,
      signingSecret: config.relay.signingSecret!,
    },
    rateLimits: (log) =>
      config.databaseUrl
        ? openRateLimiter({ config: config.access.rateLimit, databaseUrl: config.databaseUrl, log })
        : undefined,
    usage: (log) =>
      config.databaseUrl
        ? openUsageRecorder({ config: config.usage, databaseUrl: config.databaseUrl, log })
        : undefined,
    metrics,
    checks: { "database:owner": poolCheck(owner), bus: () => bus.ping() },
  });
  const listeners = processListeners(app, metrics, readiness);
  let admin: Awaited<ReturnType<typeof startAdminListener>>;
  return {
    app,
    bus,
    metrics,
    readiness,
    /** Listens on PORT and METRICS_PORT (0: any free port); resolves with the ports bound. */
    async listen(host = config.host, port = config.port, metricsPort = config.cluster.metricsPort) {
      const bound = await listeners.listen(host, port, metricsPort);
      admin = await startAdminListener({
        config,
        owner,
        logger: loggerOptions({ ...logSettings, name: "gateway-admin" }),
        service: serviceFacts({
          mode: "cluster gateway",
          readiness,
          registry: metrics.registry,
          // The gateway's readiness leaves the governor out (docs/decisions.md); the console still shows it.
          alsoShown: config.cluster.serviceUrls.governor
            ? { governor: serviceCheck(createClient(Health, transportTo(config.cluster.serviceUrls.governor))) }
            : {},
        }),
      });
      return bound;
    },
    async close() {
      readiness.markShuttingDown();
      // In-flight requests get SHUTDOWN_TIMEOUT_MS; then their connections are cut so the rest can close cleanly.
      const cut = setTimeout(() => app.server.closeAllConnections(), config.cluster.shutdownTimeoutMs);
      cut.unref();
      await Promise.all([app.close(), admin?.app.close()]);
      clearTimeout(cut);
      for (const agent of agents.values()) agent.destroy();
      await tally.close().catch((err) => log.warn({ err }, "callback counts: last flush failed"));
      if (!options.bus) await bus.close();
      if (!options.db) await Promise.allSettled([owner.end(), reader.end()]);
      await listeners.closeInternal();
    },
  };
}

if (isMain(import.meta.url)) {
  runProcess("gateway", async () => {
    const config = loadConfig();
    const gateway = await build({ config });
    const { port, metricsPort } = await gateway.listen();
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    return {
      close: gateway.close,
      log: gateway.app.log,
      shutdownTimeoutMs: config.cluster.shutdownTimeoutMs,
      banner: `gateway listening on http://${host}:${port}, internal ${metricsPort}`,
    };
  });
}
