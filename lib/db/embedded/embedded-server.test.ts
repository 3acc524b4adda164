/**
 * One DATA_DIR, several processes: an operator command reaches the server a running service holds, a second owner
 * is refused in one line, a server left behind by a killed owner is stopped and replaced, and a clean stop leaves no
 * address file. Each holder is a real process (test/fixtures/hold-embedded-postgres.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reachEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-server.js";
import { postmasterPid } from "./postgres-process.js";
import { StartError } from "../../process/start-error.js";

const HOLDER = path.resolve("test/fixtures/hold-embedded-postgres.ts");

let root: string;
let runtimeDir: string;
const holders: ChildProcess[] = [];
const servers: EmbeddedDatabase[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "institute-embedded-"));
  await chmod(root, 0o711);
  runtimeDir = path.join(root, "runtime");
});
afterEach(async () => {
  for (const h of holders.splice(0)) if (h.exitCode === null && h.signalCode === null) h.kill("SIGTERM");
  for (const s of servers.splice(0)) await s.stop();
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function hold(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  // node --import tsx, not the tsx wrapper: the child is then the owner itself, and a signal to it reaches the owner.
  const child = spawn(process.execPath, ["--import", "tsx", HOLDER, dataDir, runtimeDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  holders.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const m = /ready (\d+)/.exec(chunk.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { child, port };
}

/** The process that owns the server, as its address file names it. */
async function ownerPid(dataDir: string): Promise<number> {
  return (JSON.parse(await readFile(path.join(dataDir, "server.json"), "utf8")) as { pid: number }).pid;
}

const gone = async (pid: number) => {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

describe("embedded PostgreSQL shared by processes on one DATA_DIR", () => {
  it("lets a command reach the running server, and leaves it running when the command stops", async () => {
    const dataDir = path.join(root, "shared");
    const { port } = await hold(dataDir);
    const reached = await reachEmbeddedPostgres(dataDir, () => {}, { runtimeDir });
    expect(reached.attached).toBe(true);
    expect(reached.port).toBe(port);
    expect(await query(reached.url, "SELECT current_database() AS db")).toEqual([{ db: "institute" }]);
    await reached.stop();
    expect(await query(reached.url, "SELECT 1 AS still")).toEqual([{ still: 1 }]);
    const address = JSON.parse(await readFile(path.join(dataDir, "server.json"), "utf8"));
    expect(address).toMatchObject({ owner: "the test holder", port });
  });

  it("refuses a second owner with one line that names DATA_DIR and the holder", async () => {
    const dataDir = path.join(root, "owned");
    const { port } = await hold(dataDir);
    const second = startEmbeddedPostgres(dataDir, () => {}, { runtimeDir });
    await expect(second).rejects.toThrow(StartError);
    await expect(second).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by the test holder (pid ${await ownerPid(dataDir)}, PostgreSQL on 127.0.0.1:${port}): stop it first, or set another DATA_DIR`,
    );
  });

  it("starts a server for a command when none runs, and a clean stop removes the address file and the server", async () => {
    const dataDir = path.join(root, "alone");
    const own = await reachEmbeddedPostgres(dataDir, () => {}, { runtimeDir });
    expect(own.attached).toBe(false);
    expect(existsSync(path.join(dataDir, "server.json"))).toBe(true);
    const cluster = path.join(dataDir, "pg");
    expect(await postmasterPid(cluster)).not.toBeNull();
    await own.stop();
    expect(existsSync(path.join(dataDir, "server.json"))).toBe(false);
    expect(await postmasterPid(cluster)).toBeNull();
  });

  it("stops a server whose owner was killed, and starts again on the same data", async () => {
    const dataDir = path.join(root, "orphaned");
    const { port } = await hold(dataDir);
    const first = `postgres://institute:${encodeURIComponent((await readFile(path.join(dataDir, "owner-password"), "utf8")).trim())}@127.0.0.1:${port}/institute`;
    await query(first, "CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)");
    const owner = await ownerPid(dataDir);
    process.kill(owner, "SIGKILL");
    await gone(owner);
    const left = await postmasterPid(path.join(dataDir, "pg"));
    expect(left).not.toBeNull();
    const lines: string[] = [];
    const again = await startEmbeddedPostgres(dataDir, (l) => lines.push(l), { runtimeDir });
    servers.push(again);
    expect(lines).toContain(`stopping the PostgreSQL server a previous start left running (pid ${left})`);
    expect(await query(again.url, "SELECT n FROM kept")).toEqual([{ n: 42 }]);
  });

  it("says in one line that DATA_DIR cannot be used", async () => {
    const file = path.join(root, "a-file");
    await rm(file, { force: true });
    await (await import("node:fs/promises")).writeFile(file, "");
    await expect(startEmbeddedPostgres(path.join(file, "data"), () => {}, { runtimeDir })).rejects.toThrow(
      `DATA_DIR ${path.join(file, "data")} is not a folder this user can write (ENOTDIR): set DATA_DIR to one`,
    );
  });
});
