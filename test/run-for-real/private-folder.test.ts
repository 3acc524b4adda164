/**
 * The README's two commands where a newcomer really runs them: the project (with its node_modules) in a folder only
 * its owner may enter, as mktemp -d makes one and as root's home is. `npm start` initialises the embedded server and
 * answers /api/v1/meta; an operator command beside it reaches the running server; a second start reuses the data;
 * a command with no service running starts and stops a server of its own; npm test's embedded start works there
 * too. As root (CI), the same runs again as an unprivileged user. Nothing is left behind: the moved cluster is swept
 * once its DATA_DIR is gone.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepOrphans } from "../../lib/db/embedded/cluster-location.js";

const ROOT = process.cwd();
const isRoot = userInfo().uid === 0;
const NOBODY = { uid: 65534, gid: 65534 };

interface Checkout {
  app: string;
  env: NodeJS.ProcessEnv;
  as: { uid?: number; gid?: number };
}

/** The tracked and untracked (not ignored) files, as a clone with local changes would hold them, and node_modules. */
async function copyProject(into: string): Promise<void> {
  const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
    .stdout.split("\0")
    .filter(Boolean);
  for (const file of files)
    if (existsSync(path.join(ROOT, file))) await cp(path.join(ROOT, file), path.join(into, file), { force: true });
  // Hard links: the same files, reached through the private folder (a copy where links cannot cross devices).
  const linked = spawnSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(into, "node_modules")]);
  if (linked.status !== 0)
    await cp(path.join(ROOT, "node_modules"), path.join(into, "node_modules"), {
      recursive: true,
      verbatimSymlinks: true,
    });
}

function environment(home: string, runtimeDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    npm_config_cache: path.join(home, ".npm"),
    EMBEDDED_POSTGRES_RUNTIME_DIR: runtimeDir,
  };
  for (const name of [
    "DATABASE_URL",
    "DATABASE_READER_URL",
    "DATA_DIR",
    "NATS_URL",
    "PORT",
    "METRICS_PORT",
    "VITEST",
    "VITEST_POOL_ID",
    "VITEST_WORKER_ID",
    "NODE_OPTIONS",
  ]) {
    delete env[name];
  }
  return { ...env, PORT: "0", METRICS_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: "warn" };
}

interface Started {
  child: ChildProcess;
  url: string;
  key: string;
  stderr: () => string;
}

/** `npm start` in its own process group, as a terminal runs it; resolves once it prints its base URL. */
function npmStart(c: Checkout): Promise<Started> {
  const child = spawn("npm", ["start"], {
    cwd: c.app,
    env: c.env,
    ...c.as,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const url = /is up: (http:\/\/\S+)/.exec(out)?.[1];
      const key = /Demo key[^:]*: (sk_ins_\S+)/.exec(out)?.[1];
      if (url && key) resolve({ child, url, key, stderr: () => err });
    });
    child.once("exit", (code) => reject(new Error(`npm start exited ${code}: ${err}`)));
  });
}

/** SIGTERM to the process group (npm, its shell, the service); resolves once the service has let its server go. */
async function stop(started: Started, c: Checkout): Promise<void> {
  const exited = new Promise((resolve) => started.child.once("exit", resolve));
  process.kill(-started.child.pid!, "SIGTERM");
  await exited;
  // npm itself dies of the signal; the service shuts down in order behind it.
  for (let waited = 0; existsSync(path.join(c.app, ".data", "server.json")) || postmasters().length; waited += 100) {
    if (waited > 30_000) throw new Error(`the service did not stop its server: ${started.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function npmRun(c: Checkout, args: string[]) {
  const r = spawnSync("npm", ["run", "--silent", ...args], { cwd: c.app, env: c.env, ...c.as, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function get(url: string, key?: string) {
  const res = await fetch(url, { headers: key ? { "X-API-Key": key } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const postmasters = () =>
  spawnSync("pgrep", ["-af", "bin/postgres -D"], { encoding: "utf8" })
    .stdout.split("\n")
    .filter((l) => l.includes("institute-private-"));

function theTwoCommands(label: string, prepare: () => Promise<Checkout>) {
  // Each step starts real processes (npm, PostgreSQL, the service) on two cores: minutes, not seconds.
  describe(label, { timeout: 240_000 }, () => {
    let c: Checkout;
    beforeAll(async () => {
      c = await prepare();
    });

    it("npm start initialises the embedded server in the private folder and answers meta; commands reach it", async () => {
      const first = await npmStart(c);
      try {
        expect(first.stderr()).toContain("empty database: loading the demo dataset");
        expect(await get(`${first.url}/api/v1/meta`)).toMatchObject({ status: 200, body: { api_version: "1.0.0" } });
        const minted = npmRun(c, ["keys", "--", "mint", "--name", "beside-the-service", "--scopes", "analysts:read"]);
        expect(minted.status).toBe(0);
        expect(minted.stderr).not.toContain("initialising");
        const key = minted.stdout.trim();
        expect(key).toMatch(/^sk_ins_/);
        expect((await get(`${first.url}/api/v1/analysts`, key)).status).toBe(200);
        // The reader role kept its password: the service still reads after the command.
        expect((await get(`${first.url}/api/v1/analysts`, first.key)).status).toBe(200);
      } finally {
        await stop(first, c);
      }
      expect(first.stderr()).toContain("SIGTERM: shutting down");
    });

    it("a second start reuses the data", async () => {
      const second = await npmStart(c);
      try {
        expect(second.stderr()).not.toContain("loading the demo dataset");
        const keys = npmRun(c, ["keys", "--", "list"]);
        expect(keys.status).toBe(0);
        expect(keys.stdout).toContain("beside-the-service");
        expect(await get(`${second.url}/api/v1/meta`)).toMatchObject({ status: 200 });
      } finally {
        await stop(second, c);
      }
    });

    it("a command with no service running starts a server of its own and stops it", async () => {
      const listed = npmRun(c, ["keys", "--", "list"]);
      expect(listed.status).toBe(0);
      expect(listed.stdout).toContain("beside-the-service");
      expect(existsSync(path.join(c.app, ".data", "server.json"))).toBe(false);
      expect(postmasters()).toEqual([]);
    });

    it("npm test's own embedded server starts there", () => {
      const run = spawnSync(path.join(c.app, "node_modules", ".bin", "vitest"), ["run", "lib/db/migrate.test.ts"], {
        cwd: c.app,
        env: { ...c.env, NO_COLOR: "1", FORCE_COLOR: "0" },
        ...c.as,
        encoding: "utf8",
      });
      expect(run.stdout).toMatch(/Tests\s+3 passed \(3\)/);
      expect(run.status).toBe(0);
    });
  });
}

let runtimeDir: string;
const privateFolders: string[] = [];

beforeAll(async () => {
  // Where the staged binaries and moved clusters go for this run; every user may enter it, as the default /var/lib one.
  runtimeDir = await mkdtemp(path.join(tmpdir(), "institute-runtime-"));
  await chmod(runtimeDir, 0o711);
});

afterAll(async () => {
  for (const folder of privateFolders) await rm(folder, { recursive: true, force: true });
  const swept = await sweepOrphans(runtimeDir);
  const left = existsSync(path.join(runtimeDir, "clusters")) ? await readdir(path.join(runtimeDir, "clusters")) : [];
  await rm(runtimeDir, { recursive: true, force: true });
  expect(left).toEqual([]);
  if (isRoot) expect(swept.length).toBeGreaterThan(0);
});

theTwoCommands(`as ${userInfo().username}, in a folder only its owner may enter`, async () => {
  const home = await mkdtemp(path.join(tmpdir(), "institute-private-"));
  privateFolders.push(home);
  const app = path.join(home, "app");
  await mkdir(app);
  await copyProject(app);
  return { app, env: environment(home, runtimeDir), as: {} };
});

const why = "(root only: this run already is an unprivileged user, which the tests above cover)";
describe.skipIf(!isRoot)(`as an unprivileged user ${isRoot ? "" : why}`, () => {
  theTwoCommands("nobody, in a private folder of its own", async () => {
    const home = await mkdtemp(path.join(tmpdir(), "institute-private-"));
    privateFolders.push(home);
    const app = path.join(home, "app");
    await mkdir(app);
    await copyProject(app);
    // The checkout is nobody's (node_modules stays root's, readable by all, as a shared install would be).
    // Never chown -R through node_modules: its files are hard links to the project's own. Its folders are new,
    // so they become nobody's, as an install of its own would be (vitest writes beside its config there).
    for (const entry of (await readdir(app)).filter((e) => e !== "node_modules")) {
      spawnSync("chown", ["-R", `${NOBODY.uid}:${NOBODY.gid}`, path.join(app, entry)]);
    }
    spawnSync("find", [
      path.join(app, "node_modules"),
      "-type",
      "d",
      "-exec",
      "chown",
      `${NOBODY.uid}:${NOBODY.gid}`,
      "{}",
      "+",
    ]);
    await chown(app, NOBODY.uid, NOBODY.gid);
    await chown(home, NOBODY.uid, NOBODY.gid);
    return { app, env: environment(home, runtimeDir), as: NOBODY };
  });
});
