/**
 * The governor as its own process (cluster mode; any number of replicas): `tsx app/governor.ts`. It serves
 * GovernorService (the queue pulse) and grpc.health.v1 over HTTP/2 on PORT, /healthz, /readyz and /metrics on
 * METRICS_PORT, runs on NATS at NATS_URL (in-process bus without), writes through the owner role at DATABASE_URL
 * (migrations are applied beforehand by `npm run db -- migrate`), keeps the documents and fact cards embedded
 * (the owner-side embedding job), and submits to the relay at RELAY_URL (without it, a relay simulator in this
 * process, for trials). CALLBACK_URL must name the gateway's /relay/callback, as no gateway runs here. build()
 * assembles it; listening happens only when run directly. SIGTERM: /readyz 503, stop the governor (work in flight
 * finishes), close the server within SHUTDOWN_TIMEOUT_MS, drain the bus, end the pool.
 */
import { hostname } from "node:os";
import type { Bus } from "../lib/bus/bus.js";
import { openBus } from "../lib/bus/open-bus.js";
import { requireEnvironment } from "./cluster/requirements.js";
import { serverMetricsInterceptors } from "./compose/interceptors.js";
import { loadConfig, type Config } from "../lib/config/config.js";
import type { Database } from "../lib/db/database.js";
import { createPool } from "../lib/db/pool.js";
import { startEmbedding } from "../services/embedding/embed-at-start.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import type { Embedder } from "../lib/embedding/embedder.js";
import { processListeners } from "./compose/process-listeners.js";
import { loggerOptions, type LogSettings } from "../lib/observability/logger.js";
import { createMetrics } from "../lib/observability/metrics.js";
import { createReadiness, poolCheck } from "../lib/observability/readiness.js";
import { isMain, runProcess } from "../lib/process/run-process.js";
import { healthRoutes } from "../lib/health/health-service.js";
import { buildServiceServer } from "../lib/rpc/connect-server.js";
import { startRelaySimulator, type RelaySimulator } from "../relay-simulator/simulator.js";
import { GovernorService } from "../gen/institute/governor/v1/governor_pb.js";
import { createGovernor, type Governor } from "../governor/governor.js";
import { governorMetrics } from "../governor/governor-metrics.js";
import { governorRoutes } from "../governor/pulse/routes.js";
import { createHttpRelayClient } from "../governor/relay/http-relay-client.js";
import type { SetAlarm } from "../governor/schedule/alarm.js";

export interface BuildOptions {
  config?: Config;
  /** An open database (tests); otherwise the owner pool is opened from DATABASE_URL and ended with the process. */
  db?: Pick<Database, "owner"> & { close?: () => Promise<void> };
  bus?: Bus;
  embedder?: Embedder;
  now?: () => number;
  /** The schedule's timers on `now` (a test's fast clock); default Node timers. */
  alarm?: SetAlarm;
  namespace?: string;
  cron?: boolean;
  /** Run the owner-side embedding job (default true). */
  embedding?: boolean;
  logStream?: LogSettings["stream"];
}

export async function build(options: BuildOptions = {}) {
  const config = options.config ?? loadConfig();
  requireEnvironment("governor", config, { db: !!options.db });
  const now = options.now ?? Date.now;
  const owner = options.db?.owner ?? createPool(config.databaseUrl!, { name: "governor", max: 5 });
  const metrics = createMetrics({ process: "governor", defaults: !options.db });
  metrics.observePool("owner", owner);
  const readiness = createReadiness({ database: poolCheck(owner) });
  const server = await buildServiceServer(
    (router) => {
      governorRoutes({ db: owner, enabledByConfig: config.governor.enabled, now })(router);
      healthRoutes({
        server: async () => !readiness.shuttingDown && (await readiness.report()).ready,
        services: { [GovernorService.typeName]: () => true },
      })(router);
    },
    {
      logger: loggerOptions({
        level: config.logLevel,
        name: "governor",
        relayName: config.relay.name,
        stream: options.logStream,
      }),
      shutdownTimeoutMs: config.cluster.shutdownTimeoutMs,
      interceptors: serverMetricsInterceptors(metrics),
    },
  );
  const log = server.log;
  const bus =
    options.bus ??
    (await openBus({
      natsUrl: config.natsUrl,
      namespace: options.namespace ?? config.cluster.natsNamespace,
      name: `governor-${hostname()}-${process.pid}`,
      log,
      now,
    }));
  readiness.checks.bus = () => bus.ping();
  let simulator: RelaySimulator | null = null;
  let relayUrl = config.relay.url;
  if (!relayUrl) {
    simulator = await startRelaySimulator({
      signingSecret: config.relay.signingSecret!,
      relayName: config.relay.name,
      behaviour: { autoComplete: { minMs: 5_000, maxMs: 60_000, failRate: 0.1 } },
      log: (line) => log.info({}, line),
    });
    relayUrl = simulator.url;
  }
  const governor: Governor = createGovernor({
    db: owner,
    bus,
    relay: createHttpRelayClient({ baseUrl: relayUrl, now }),
    embedder: options.embedder ?? createHashedNgramEmbedder(),
    now,
    log,
    enabledByConfig: config.governor.enabled,
    thresholds: config.governor.similarity,
    callbackUrl: config.relay.callbackUrl!,
    cron: options.cron,
    alarm: options.alarm,
    observer: governorMetrics(metrics.registry),
  });
  await governor.start();
  // Documents and fact cards written later are embedded here (the services' pools cannot write).
  const embedding =
    options.embedding === false ? null : startEmbedding(owner, config.search, (line) => log.info({}, line));
  const listeners = processListeners(server, metrics, readiness);
  return {
    server,
    governor,
    bus,
    metrics,
    readiness,
    /** Listens on PORT and METRICS_PORT (0: any free port); resolves with the ports bound. */
    listen: (host = config.host, port = config.port, metricsPort = config.cluster.metricsPort) =>
      listeners.listen(host, port, metricsPort),
    async close() {
      readiness.markShuttingDown();
      (await embedding)?.stop();
      await governor.stop();
      await server.close();
      await simulator?.close();
      if (!options.bus) await bus.close();
      if (!options.db) await owner.end();
      await listeners.closeInternal();
    },
  };
}

if (isMain(import.meta.url)) {
  runProcess("governor", async () => {
    const config = loadConfig();
    const g = await build({ config });
    const { port, metricsPort } = await g.listen();
    return {
      close: g.close,
      log: g.server.log,
      shutdownTimeoutMs: config.cluster.shutdownTimeoutMs,
      banner: `governor listening on ${config.host}:${port}, internal ${metricsPort}`,
    };
  });
}
