/**
 * Configuration of the cluster topology, read from the environment by lib/config.ts: where the gateway reaches each
 * service process (`<NAME>_SERVICE_URL`), the internal listener of every process (`METRICS_PORT`: /healthz, /readyz,
 * /metrics) and how long a SIGTERM may take (`SHUTDOWN_TIMEOUT_MS`). Each bad value is reported through `fail`.
 */
type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => Error;

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
   * CURSOR_SECRET: the key the tool endpoint's keyset cursors are signed with. Unset: one drawn per process, so a
   * cursor works only on the gateway replica that issued it, until it restarts. Set it (the same on every replica).
   */
  cursorSecret: string | undefined;
}

const set = (env: Env, name: string) => (env[name] === undefined || env[name]!.trim() === "" ? undefined : env[name]!.trim());

function serviceUrl(env: Env, name: ServiceProcess, fail: Fail): string | undefined {
  const variable = serviceUrlVariable(name);
  const raw = set(env, variable);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(variable, `is not a URL (expected http://host:port), got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw fail(variable, `must be an http:// or https:// URL, got ${url.protocol}`);
  if (url.search || url.hash || url.username || url.password) throw fail(variable, "must not carry a query, fragment or credentials");
  return url.href.replace(/\/+$/, "");
}

function whole(env: Env, name: string, fallback: number, min: number, max: number, fail: Fail): number {
  const raw = set(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw fail(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function namespace(env: Env, fail: Fail): string {
  const raw = set(env, "NATS_NAMESPACE") ?? "";
  if (!/^[A-Za-z0-9_-]{0,64}$/.test(raw)) throw fail("NATS_NAMESPACE", `must be at most 64 letters, digits, _ or -, got "${raw}"`);
  return raw;
}

function cursorSecret(env: Env, fail: Fail): string | undefined {
  const raw = set(env, "CURSOR_SECRET");
  if (raw !== undefined && raw.length < 16) throw fail("CURSOR_SECRET", "must be at least 16 characters");
  return raw;
}

export function readClusterConfig(env: Env, fail: Fail): ClusterConfig {
  const serviceUrls = Object.fromEntries(SERVICE_PROCESSES.map((name) => [name, serviceUrl(env, name, fail)])) as ClusterConfig["serviceUrls"];
  return {
    serviceUrls,
    metricsPort: whole(env, "METRICS_PORT", DEFAULT_METRICS_PORT, 0, 65535, fail),
    shutdownTimeoutMs: whole(env, "SHUTDOWN_TIMEOUT_MS", DEFAULT_SHUTDOWN_TIMEOUT_MS, 0, 600_000, fail),
    natsNamespace: namespace(env, fail),
    cursorSecret: cursorSecret(env, fail),
  };
}

/** The gateway of a cluster needs every service address; the first one missing stops it with one line. */
export function requireServiceUrls(cluster: ClusterConfig, fail: Fail, names: readonly ServiceProcess[]): Record<ServiceProcess, string> {
  for (const name of names) if (!cluster.serviceUrls[name]) throw fail(serviceUrlVariable(name), "is required when the gateway runs on its own (cluster mode)");
  return cluster.serviceUrls as Record<ServiceProcess, string>;
}
