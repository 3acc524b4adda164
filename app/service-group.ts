/**
 * One service group as its own process (cluster mode): `tsx app/service-group.ts <catalog|reports|portfolio|search|factcard>`.
 * It serves the group's Connect services and grpc.health.v1 over HTTP/2 on PORT (Connect, gRPC and gRPC-Web), reads
 * through the SELECT-only role at DATABASE_READER_URL, and opens the internal listener on METRICS_PORT (/healthz,
 * /readyz, /metrics). search and factcard keep their own vector runtime, refreshed every INDEX_REFRESH_MS, so every
 * replica stays current. SIGTERM: NOT_SERVING, stop accepting, finish in-flight calls within SHUTDOWN_TIMEOUT_MS,
 * end the pool.
 */
import { ConfigError, loadConfig, type Config } from "../lib/config/config.js";
import { requireEnvironment } from "./cluster/requirements.js";
import { serverMetricsInterceptors } from "./compose/interceptors.js";
import { createServiceDeps } from "./compose/service-deps.js";
import { createPool, type Pool } from "../lib/db/pool.js";
import type { Embedder } from "../lib/embedding/embedder.js";
import { processListeners } from "./compose/process-listeners.js";
import { loggerOptions, type LogSettings } from "../lib/observability/logger.js";
import { createMetrics } from "../lib/observability/metrics.js";
import { createReadiness, poolCheck } from "../lib/observability/readiness.js";
import { isMain, runProcess } from "../lib/process/run-process.js";
import {
  GROUP_MEMBERS,
  groupHealth,
  groupRoutes,
  indexesOf,
  SERVICE_GROUPS,
  type ServiceGroup,
} from "../services/groups.js";
import { healthRoutes } from "../lib/health/health-service.js";
import { buildServiceServer } from "../lib/rpc/connect-server.js";

export interface BuildOptions {
  group: string | undefined;
  config?: Config;
  /** An open SELECT-only pool (tests); otherwise one is opened from DATABASE_READER_URL and ended with the process. */
  reader?: Pool;
  now?: () => number;
  embedder?: Embedder;
  logStream?: LogSettings["stream"];
  /**
   * Load the search indexes in the background: the process listens at once, its readiness and grpc.health.v1 saying
   * not serving until they are loaded (the process's own start does this). Default false: build() resolves with them
   * loaded (tests).
   */
  indexesInBackground?: boolean;
}

export function parseGroup(name: string | undefined): ServiceGroup {
  if (!name || !(SERVICE_GROUPS as readonly string[]).includes(name)) {
    throw new ConfigError(
      "service name",
      `must be one of ${SERVICE_GROUPS.join(", ")} (tsx app/service-group.ts NAME), got "${name ?? ""}"`,
    );
  }
  return name as ServiceGroup;
}

export async function build(options: BuildOptions) {
  const group = parseGroup(options.group);
  const config = options.config ?? loadConfig();
  requireEnvironment(group, config, { db: !!options.reader });
  const reader = options.reader ?? createPool(config.databaseReaderUrl!, { name: `institute-${group}`, max: 10 });
  const metrics = createMetrics({ process: group, defaults: !options.reader });
  metrics.observePool("reader", reader);
  const deps = createServiceDeps({
    config,
    reader,
    now: options.now,
    indexes: indexesOf([group]),
    embedder: options.embedder,
  });
  const readiness = createReadiness({ database: poolCheck(reader) });
  // A group that searches is ready once its indexes are loaded (from their snapshots, or built).
  const vectors = deps.vectors;
  if (vectors)
    readiness.checks.indexes = async () => {
      const problem = vectors.readinessProblem();
      if (problem) throw new Error(problem);
    };
  const server = await buildServiceServer(
    (router) => {
      groupRoutes([group], deps)(router);
      healthRoutes(groupHealth([group], deps, () => readiness.shuttingDown))(router);
    },
    {
      logger: loggerOptions({ level: config.logLevel, name: group, stream: options.logStream }),
      shutdownTimeoutMs: config.cluster.shutdownTimeoutMs,
      interceptors: serverMetricsInterceptors(metrics),
    },
  );
  if (deps.vectors) {
    deps.vectors.log = { info: (m) => server.log.info(m), warn: (m) => server.log.warn(m) };
    await deps.vectors.start({ wait: !options.indexesInBackground });
  }
  const listeners = processListeners(server, metrics, readiness);
  return {
    group,
    server,
    deps,
    metrics,
    readiness,
    /** Listens on PORT and METRICS_PORT (0: any free port); resolves with the ports bound. */
    listen: (host = config.host, port = config.port, metricsPort = config.cluster.metricsPort) =>
      listeners.listen(host, port, metricsPort),
    async close() {
      readiness.markShuttingDown();
      await server.close();
      await deps.vectors?.stop();
      if (!options.reader) await reader.end();
      await listeners.closeInternal();
    },
  };
}

if (isMain(import.meta.url)) {
  runProcess(`service ${process.argv[2] ?? ""}`.trim(), async () => {
    const config = loadConfig();
    const service = await build({ group: process.argv[2], config, indexesInBackground: true });
    const { port, metricsPort } = await service.listen();
    return {
      close: service.close,
      log: service.server.log,
      shutdownTimeoutMs: config.cluster.shutdownTimeoutMs,
      banner: `service ${service.group} (${GROUP_MEMBERS[service.group].join(", ")}) listening on ${config.host}:${port}, internal ${metricsPort}`,
    };
  });
}
