/**
 * Runs the PostgreSQL programs as the server user: initdb for a new cluster, the postmaster in its own process
 * group (so a terminal's Ctrl-C reaches this process first, which closes its pools and then stops the server),
 * its log in a file beside the cluster, and a fast shutdown on stop.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync } from "node:fs";
import { chown, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { PostgresBinaries } from "./postgres-binaries.js";
import type { ServerUser } from "./server-user.js";
import { StartError } from "../../process/start-error.js";
import { processAlive } from "../../process/process-alive.js";

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const ENV = { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" };

function asUser(user: ServerUser) {
  return user.switched ? { uid: user.uid, gid: user.gid } : {};
}

async function lastLines(file: string, n = 3): Promise<string> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.trim().split("\n").slice(-n).join(" | ");
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

/** Creates a cluster in `dir` (which exists, empty, owned by the server user) with a password-protected owner role. */
export async function initCluster(
  bin: PostgresBinaries,
  user: ServerUser,
  dir: string,
  owner: { name: string; password: string },
  logFile: string,
) {
  const pwfile = path.join(tmpdir(), `institute-pw-${randomBytes(6).toString("hex")}`);
  await writeFile(pwfile, `${owner.password}\n`, { mode: 0o600 });
  if (user.switched) await chown(pwfile, user.uid, user.gid);
  const log = openSync(logFile, "w");
  try {
    const child = spawn(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        "--auth=scram-sha-256",
        `--username=${owner.name}`,
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--locale=C",
        "--no-instructions",
      ],
      { ...asUser(user), env: ENV, stdio: ["ignore", log, log] },
    );
    const failed = new Promise<never>((_, reject) => child.once("error", reject));
    const code = await Promise.race([exited(child), failed]);
    if (code !== 0) throw new StartError(`initdb failed in ${dir} (exit ${code}): ${await lastLines(logFile)}`);
  } finally {
    closeSync(log);
    await rm(pwfile, { force: true });
  }
}

export interface RunningPostmaster {
  pid: number;
  stop(): Promise<void>;
}

async function answers(port: number, owner: { name: string; password: string }): Promise<boolean> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: owner.name,
    password: owner.password,
    database: "postgres",
    connectionTimeoutMillis: 2_000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts the postmaster on 127.0.0.1:`port` (no Unix socket) and resolves once it answers queries. */
export async function startPostmaster(
  bin: PostgresBinaries,
  user: ServerUser,
  dir: string,
  port: number,
  owner: { name: string; password: string },
  logFile: string,
): Promise<RunningPostmaster> {
  const log = openSync(logFile, "a");
  const args = ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="];
  const child = spawn(bin.postgres, args, { ...asUser(user), env: ENV, stdio: ["ignore", log, log], detached: true });
  closeSync(log);
  let spawnError: Error | null = null;
  child.once("error", (e) => (spawnError = e));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(port, owner))) {
    if (spawnError) throw new StartError(`PostgreSQL could not be started (${(spawnError as Error).message})`);
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = await lastLines(logFile);
      if (/could not bind|Address already in use/i.test(tail))
        throw new StartError(`PostgreSQL could not listen on 127.0.0.1:${port}: the port is in use`);
      throw new StartError(
        `PostgreSQL stopped while starting (exit ${child.exitCode}); its log ${logFile} ends: ${tail}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill("SIGQUIT");
      throw new StartError(`PostgreSQL did not answer within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.unref();
  return { pid: child.pid!, stop: () => stopPostmaster(child.pid!) };
}

/** Fast shutdown (SIGINT: clients are disconnected, the data is kept), escalating to SIGQUIT after the bound. */
export async function stopPostmaster(pid: number): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch {
      /* already gone */
    }
  };
  signal("SIGINT");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (processAlive(pid)) {
    if (Date.now() > deadline) {
      signal("SIGQUIT");
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pid of a postmaster running in `dir`, from its lock file, or null when none runs there. */
export async function postmasterPid(dir: string): Promise<number | null> {
  const first = (await readFile(path.join(dir, "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]?.trim();
  const pid = Number(first);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return null;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "postgres");
  return cmdline.includes("postgres") ? pid : null;
}
