/** Configuration is read once, here, from the environment; bad values stop start-up with one line naming the variable. */
import path from "node:path";

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
  logLevel: string;
  /** The analyst whose daily report is canonical (spec §4.1 rule 2). */
  dailyEditorId: string;
  project: { name: string; description: string; color: string };
  /** Seconds a resolved API key stays cached; revocation takes effect within this time. */
  keyCacheSeconds: number;
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
    logLevel,
    dailyEditorId: str(env, "DAILY_EDITOR_ID", "daily-editor"),
    project: {
      name: str(env, "PROJECT_NAME", "Institute Research Publishing"),
      description: str(env, "PROJECT_DESCRIPTION", "Read-only publication of the institute's research output."),
      color: str(env, "PROJECT_COLOR", "#1f4e79"),
    },
    keyCacheSeconds: int(env, "KEY_CACHE_SECONDS", 10, 0, 3600),
  };
}
