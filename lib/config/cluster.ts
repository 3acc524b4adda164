/**
 * Configuration of the cluster topology, read from the environment by lib/config/config.ts: where the gateway reaches each
 * service process (`<NAME>_SERVICE_URL`), the internal listener of every process (`METRICS_PORT`: /healthz, /readyz,
 * /metrics) and how long a SIGTERM may take (`SHUTDOWN_TIMEOUT_MS`).
 */
import { ConfigError, type EnvReader } from "./env.js";

/** The service processes the gateway calls, each named by its `<NAME>_SERVICE_URL` variable. */
export const SERVICE_PROCESSES = ["catalog", "reports", "portfolio", "search", "factcard", "governor"] as const;
export type ServiceProcess = (typeof SERVICE_PROCESSES)[number];

export const serviceUrlVariable = (name: ServiceProcess) => `${name.toUpperCase()}_SERVICE_URL`;

export const DEFAULT_METRICS_PORT = 9464;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface ClusterConfig {
  /** Base URL (http://host:port, HTTP/2 cleartext) of each service process; unset: not configured. */
  serviceUrls: Record<ServiceProcess, string | undefined>;
  /** The internal HTTP/1.1 listener of every process: /healthz, /readyz, /metrics. 0: any free port. */
  metricsPort: number;
  /** SIGTERM: how long in-flight requests may take to finish before they are cut off. */
  shutdownTimeoutMs: number;
  /** NATS_NAMESPACE: prefixes the bus's subjects, stream and consumers (several deployments on one NATS). */
  natsNamespace: string;
  /**
   * CURSOR_SECRET: the key every cursor the service signs is signed with (the change feed's, the keyset tools', the
   * fact-card list's: lib/cursor/cursor-key.ts). Unset: the deployment's own key, drawn once by a migration and read
   * from the database, which every replica and restart shares. Set it (the same on every process) to carry cursors
   * across deployments, such as a database restored from a bundle.
   */
  cursorSecret: string | undefined;
}

function serviceUrl(env: EnvReader, name: ServiceProcess): string | undefined {
  const url = env.url(serviceUrlVariable(name), ["http:", "https:"], { bare: true, hint: "http://host:port" });
  return url?.href.replace(/\/+$/, "");
}

function namespace(env: EnvReader): string {
  const raw = env.text("NATS_NAMESPACE") ?? "";
  if (!/^[A-Za-z0-9_-]{0,64}$/.test(raw))
    throw env.fail("NATS_NAMESPACE", `must be at most 64 letters, digits, _ or -, got "${raw}"`);
  return raw;
}

function cursorSecret(env: EnvReader): string | undefined {
  const raw = env.text("CURSOR_SECRET");
  if (raw !== undefined && raw.length < 16) throw env.fail("CURSOR_SECRET", "must be at least 16 characters");
  return raw;
}

export function readClusterConfig(env: EnvReader): ClusterConfig {
  const serviceUrls = Object.fromEntries(
    SERVICE_PROCESSES.map((name) => [name, serviceUrl(env, name)]),
  ) as ClusterConfig["serviceUrls"];
  return {
    serviceUrls,
    metricsPort: env.whole("METRICS_PORT", DEFAULT_METRICS_PORT, 0, 65535),
    shutdownTimeoutMs: env.whole("SHUTDOWN_TIMEOUT_MS", DEFAULT_SHUTDOWN_TIMEOUT_MS, 0, 600_000),
    natsNamespace: namespace(env),
    cursorSecret: cursorSecret(env),
  };
}

/** The gateway of a cluster needs every service address; the first one missing stops it with one line. */
export function requireServiceUrls(
  cluster: ClusterConfig,
  names: readonly ServiceProcess[],
): Record<ServiceProcess, string> {
  for (const name of names)
    if (!cluster.serviceUrls[name])
      throw new ConfigError(serviceUrlVariable(name), "is required when the gateway runs on its own (cluster mode)");
  return cluster.serviceUrls as Record<ServiceProcess, string>;
}
