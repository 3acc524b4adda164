/** Configuration is read once, here, from the environment; bad values stop start-up with one line naming the variable. */
import path from "node:path";
import { DEFAULT_RUNTIME_DIR } from "../db/embedded/runtime-dir.js";
import { readAccessConfig, type AccessConfig } from "./access.js";
import { readAuthConfig, type AuthConfig } from "./auth.js";
import { readBundleLimits, type BundleLimits } from "./bundle.js";
import { readClusterConfig, type ClusterConfig } from "./cluster.js";
import { ConfigError, EnvReader, type Env } from "./env.js";
import { readSearchConfig, type SearchConfig } from "./search.js";
import { readUsageConfig, type UsageConfig } from "./usage.js";

export { ConfigError };

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
  /**
   * The gateway's read cache (answers as sent, dropped when the data they came from changes), bounded in bytes;
   * 0 turns it off (docs/read-cache.md).
   */
  readCacheBytes: number;
  /**
   * How long after the database could no longer be heard the read cache may still serve an answer it holds, stale,
   * to a request whose route failed (stale-if-error, RFC 5861); 0 never serves stale (docs/read-cache.md).
   */
  readCacheStaleSeconds: number;
  /** NATS with JetStream (the governor's bus). Unset: the in-process bus. */
  natsUrl: string | undefined;
  relay: RelayConfig;
  governor: GovernorConfig;
  /** Embeddings (EMBEDDINGS_URL, EMBEDDINGS_MODEL, …), index refresh, fact-card reuse policy: lib/config/search.ts. */
  search: SearchConfig;
  /** The tool endpoint's credentials and browser access (AUTH_URL, PEERS_FILE, OAUTH_*, PUBLIC_BASE_URL, MCP_ALLOWED_ORIGINS): lib/config/auth.ts. */
  auth: AuthConfig;
  /** Service addresses (<NAME>_SERVICE_URL), the internal listener (METRICS_PORT), SHUTDOWN_TIMEOUT_MS: lib/config/cluster.ts. */
  cluster: ClusterConfig;
  /** Rate limits (RATE_LIMIT_*), TRUST_PROXY and the admin listener (ADMIN_TOKEN_SHA256, ADMIN_HOST, ADMIN_PORT): lib/config/access.ts. */
  access: AccessConfig;
  /** The importer's bounds on a bundle's lines, bodies and nesting (BUNDLE_MAX_*): lib/config/bundle.ts. */
  bundle: BundleLimits;
  /** Usage counting (USAGE_ENABLED, USAGE_FLUSH_MS) and when the daily report is due (DAILY_DUE_AT): lib/config/usage.ts. */
  usage: UsageConfig;
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

function postgresUrl(env: EnvReader, name: string): string | undefined {
  const url = env.url(name, ["postgres:", "postgresql:"]);
  if (url && url.pathname.length <= 1) throw env.fail(name, "must name a database");
  return url && env.text(name);
}

function natsUrl(env: EnvReader): string | undefined {
  const raw = env.text("NATS_URL");
  if (raw === undefined) return undefined;
  for (const server of raw.split(",")) {
    const withScheme = server.includes("://") ? server.trim() : `nats://${server.trim()}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      throw env.fail("NATS_URL", `is not a server list: "${server}"`);
    }
    if (!["nats:", "tls:", "ws:", "wss:"].includes(url.protocol))
      throw env.fail("NATS_URL", `must use nats://, tls://, ws:// or wss://, got ${url.protocol}`);
  }
  return raw;
}

function absolutePath(env: EnvReader, name: string, fallback: string): string {
  const raw = env.string(name, fallback);
  if (!path.isAbsolute(raw)) throw env.fail(name, `must be an absolute path, got "${raw}"`);
  return raw;
}

function cosine(env: EnvReader, name: string, fallback: number): number {
  const raw = env.text(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw) || n <= 0)
    throw env.fail(name, `must be a number above 0 and at most 1, got "${raw}"`);
  return n;
}

function relayConfig(env: EnvReader): RelayConfig {
  const url = env.url("RELAY_URL", ["http:", "https:"])?.href;
  const name = env.string("RELAY_NAME", "Relay");
  if (!/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(name))
    throw env.fail("RELAY_NAME", "must be letters and digits (hyphens between), as it names HTTP headers");
  const signingSecret = env.text("RELAY_SIGNING_SECRET");
  if (signingSecret !== undefined && signingSecret.length < 16)
    throw env.fail("RELAY_SIGNING_SECRET", "must be at least 16 characters");
  if (url && !signingSecret) throw env.fail("RELAY_SIGNING_SECRET", "is required when RELAY_URL is set");
  return {
    url: url && env.text("RELAY_URL"),
    name,
    signingSecret,
    callbackUrl: env.url("CALLBACK_URL", ["http:", "https:"]) && env.text("CALLBACK_URL"),
  };
}

function governorConfig(env: EnvReader): GovernorConfig {
  const skipCosine = cosine(env, "SIMILARITY_SKIP_COSINE", 0.85);
  const augmentCosine = cosine(env, "SIMILARITY_AUGMENT_COSINE", 0.5);
  if (augmentCosine >= skipCosine)
    throw env.fail("SIMILARITY_AUGMENT_COSINE", `must be below SIMILARITY_SKIP_COSINE (${skipCosine})`);
  return { enabled: env.bool("GOVERNOR_ENABLED", true), similarity: { skipCosine, augmentCosine } };
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(variables: Env = process.env): Config {
  const env = new EnvReader(variables);
  const logLevel = env.string("LOG_LEVEL", "info");
  if (!LOG_LEVELS.includes(logLevel)) throw env.fail("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}`);
  const port = env.whole("PORT", 8080, 0, 65535);
  const dataDir = path.resolve(env.string("DATA_DIR", "./.data"));
  return {
    port,
    host: env.string("HOST", "127.0.0.1"),
    dataDir,
    databaseUrl: postgresUrl(env, "DATABASE_URL"),
    databaseReaderUrl: postgresUrl(env, "DATABASE_READER_URL"),
    embeddedRuntimeDir: absolutePath(env, "EMBEDDED_POSTGRES_RUNTIME_DIR", DEFAULT_RUNTIME_DIR),
    seedDemo: env.bool("SEED_DEMO", true),
    logLevel,
    dailyEditorId: env.string("DAILY_EDITOR_ID", "daily-editor"),
    project: {
      name: env.string("PROJECT_NAME", "Institute Research Publishing"),
      description: env.string("PROJECT_DESCRIPTION", "Read-only publication of the institute's research output."),
      color: env.string("PROJECT_COLOR", "#1f4e79"),
    },
    keyCacheSeconds: env.whole("KEY_CACHE_SECONDS", 10, 0, 3600),
    reportValidatorCacheMs: env.whole("REPORT_VALIDATOR_CACHE_MS", 1000, 0, 60_000),
    readCacheBytes: env.whole("READ_CACHE_BYTES", 64 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024),
    readCacheStaleSeconds: env.whole("READ_CACHE_STALE_IF_ERROR_SECONDS", 60, 0, 86_400),
    natsUrl: natsUrl(env),
    relay: relayConfig(env),
    governor: governorConfig(env),
    search: readSearchConfig(env, dataDir),
    auth: readAuthConfig(env),
    cluster: readClusterConfig(env),
    access: readAccessConfig(env, port),
    bundle: readBundleLimits(env),
    usage: readUsageConfig(env),
  };
}
