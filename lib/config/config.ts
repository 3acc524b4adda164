/** Configuration is read once, here, from the environment; bad values stop start-up with one line naming the variable. */
import path from "node:path";
import { DEFAULT_RUNTIME_DIR } from "../db/embedded/runtime-dir.js";
import { readSearchConfig, type SearchConfig } from "./search.js";
import { readAuthConfig, type AuthConfig } from "./auth.js";
import { readClusterConfig, type ClusterConfig } from "./cluster.js";
import { readAccessConfig, type AccessConfig } from "./access.js";

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`configuration: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Owner connection (migrations, seed, keys). Unset: embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /** SELECT-only connection for the read services. Unset: a reader role derived and managed by the migrator. */
  databaseReaderUrl: string | undefined;
  /**
   * Where a root process stages the embedded server's binaries and keeps a cluster its unprivileged server user
   * cannot reach inside DATA_DIR (lib/db/embedded/).
   */
  embeddedRuntimeDir: string;
  /** SEED_DEMO: whether `npm start` loads the demo dataset into an empty database (false: start empty, then import). */
  seedDemo: boolean;
  logLevel: string;
  /** The analyst whose daily report is canonical (spec §4.1 rule 2). */
  dailyEditorId: string;
  project: { name: string; description: string; color: string };
  /** Seconds a resolved API key stays cached; revocation takes effect within this time. */
  keyCacheSeconds: number;
  /**
   * How long the gateway may answer a conditional GET of a report (304) from the validators it last saw for that
   * report, without asking the service; 0 asks every time. Unconditional GETs always ask (docs/benchmark.md).
   */
  reportValidatorCacheMs: number;
  /** NATS with JetStream (the governor's bus). Unset: the in-process bus. */
  natsUrl: string | undefined;
  relay: RelayConfig;
  governor: GovernorConfig;
  /** Embeddings (EMBEDDINGS_URL, EMBEDDINGS_MODEL, …), index refresh, fact-card reuse policy: lib/search-config.ts. */
  search: SearchConfig;
  /** The tool endpoint's credentials and browser access (AUTH_URL, PEERS_FILE, OAUTH_*, PUBLIC_BASE_URL, MCP_ALLOWED_ORIGINS): lib/auth-config.ts. */
  auth: AuthConfig;
  /** Service addresses (<NAME>_SERVICE_URL), the internal listener (METRICS_PORT), SHUTDOWN_TIMEOUT_MS: lib/cluster-config.ts. */
  cluster: ClusterConfig;
  /** Rate limits (RATE_LIMIT_*), TRUST_PROXY and the admin listener (ADMIN_TOKEN_SHA256, ADMIN_HOST, ADMIN_PORT): lib/access-config.ts. */
  access: AccessConfig;
}

export interface RelayConfig {
  /** The dispatch relay's base URL. Unset: the all-in-one runs the relay simulator in process. */
  url: string | undefined;
  /** Names the callback headers: X-<name>-Signature, X-<name>-Delivery. */
  name: string;
  /** HMAC-SHA256 key of the callbacks. Required with RELAY_URL; unset otherwise: a fresh one per start. */
  signingSecret: string | undefined;
  /** Our public callback address sent with each task. Unset: http://HOST:PORT/relay/callback. */
  callbackUrl: string | undefined;
}

export interface GovernorConfig {
  /** GOVERNOR_ENABLED: false is the operator kill switch (spec §8: reserve off, hard ceilings stay). */
  enabled: boolean;
  /** Similarity-gate thresholds on the top cosine (spec §3). */
  similarity: { skipCosine: number; augmentCosine: number };
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === "" ? fallback : v;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function postgresUrl(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "is not a URL");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(name, `must be a postgres:// URL, got ${url.protocol}`);
  }
  if (url.pathname.length <= 1) throw new ConfigError(name, "must name a database");
  return raw;
}

function httpUrl(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(name, `must be an http(s):// URL, got ${url.protocol}`);
  return raw;
}

function natsUrl(env: Env): string | undefined {
  const raw = env.NATS_URL;
  if (raw === undefined || raw === "") return undefined;
  for (const server of raw.split(",")) {
    const withScheme = server.includes("://") ? server.trim() : `nats://${server.trim()}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      throw new ConfigError("NATS_URL", `is not a server list: "${server}"`);
    }
    if (!["nats:", "tls:", "ws:", "wss:"].includes(url.protocol)) throw new ConfigError("NATS_URL", `must use nats://, tls://, ws:// or wss://, got ${url.protocol}`);
  }
  return raw;
}

function absolutePath(env: Env, name: string, fallback: string): string {
  const raw = str(env, name, fallback);
  if (!path.isAbsolute(raw)) throw new ConfigError(name, `must be an absolute path, got "${raw}"`);
  return raw;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (["true", "1", "yes", "on"].includes(raw.toLowerCase())) return true;
  if (["false", "0", "no", "off"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function cosine(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw) || n <= 0) throw new ConfigError(name, `must be a number above 0 and at most 1, got "${raw}"`);
  return n;
}

function relayConfig(env: Env): RelayConfig {
  const url = httpUrl(env, "RELAY_URL");
  const name = str(env, "RELAY_NAME", "Relay");
  if (!/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(name)) throw new ConfigError("RELAY_NAME", "must be letters and digits (hyphens between), as it names HTTP headers");
  const signingSecret = env.RELAY_SIGNING_SECRET || undefined;
  if (signingSecret !== undefined && signingSecret.length < 16) throw new ConfigError("RELAY_SIGNING_SECRET", "must be at least 16 characters");
  if (url && !signingSecret) throw new ConfigError("RELAY_SIGNING_SECRET", "is required when RELAY_URL is set");
  return { url, name, signingSecret, callbackUrl: httpUrl(env, "CALLBACK_URL") };
}

function governorConfig(env: Env): GovernorConfig {
  const skipCosine = cosine(env, "SIMILARITY_SKIP_COSINE", 0.85);
  const augmentCosine = cosine(env, "SIMILARITY_AUGMENT_COSINE", 0.5);
  if (augmentCosine >= skipCosine) throw new ConfigError("SIMILARITY_AUGMENT_COSINE", `must be below SIMILARITY_SKIP_COSINE (${skipCosine})`);
  return { enabled: bool(env, "GOVERNOR_ENABLED", true), similarity: { skipCosine, augmentCosine } };
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: Env = process.env): Config {
  const logLevel = str(env, "LOG_LEVEL", "info");
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}`);
  return {
    port: int(env, "PORT", 8080, 0, 65535),
    host: str(env, "HOST", "127.0.0.1"),
    dataDir: path.resolve(str(env, "DATA_DIR", "./.data")),
    databaseUrl: postgresUrl(env, "DATABASE_URL"),
    databaseReaderUrl: postgresUrl(env, "DATABASE_READER_URL"),
    embeddedRuntimeDir: absolutePath(env, "EMBEDDED_POSTGRES_RUNTIME_DIR", DEFAULT_RUNTIME_DIR),
    seedDemo: bool(env, "SEED_DEMO", true),
    logLevel,
    dailyEditorId: str(env, "DAILY_EDITOR_ID", "daily-editor"),
    project: {
      name: str(env, "PROJECT_NAME", "Institute Research Publishing"),
      description: str(env, "PROJECT_DESCRIPTION", "Read-only publication of the institute's research output."),
      color: str(env, "PROJECT_COLOR", "#1f4e79"),
    },
    keyCacheSeconds: int(env, "KEY_CACHE_SECONDS", 10, 0, 3600),
    reportValidatorCacheMs: int(env, "REPORT_VALIDATOR_CACHE_MS", 1000, 0, 60_000),
    natsUrl: natsUrl(env),
    relay: relayConfig(env),
    governor: governorConfig(env),
    search: readSearchConfig(env, (variable, problem) => new ConfigError(variable, problem)),
    auth: readAuthConfig(env, (variable, problem) => new ConfigError(variable, problem)),
    cluster: readClusterConfig(env, (variable, problem) => new ConfigError(variable, problem)),
    access: readAccessConfig(env, (variable, problem) => new ConfigError(variable, problem), int(env, "PORT", 8080, 0, 65535)),
  };
}
