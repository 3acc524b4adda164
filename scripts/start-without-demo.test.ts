/**
 * SEED_DEMO=false npm start: the service starts on an empty database without the demo dataset, serves an empty
 * catalog, and serves what an import then loads, without a restart.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importBundle } from "../bundle/import.js";
import { KINDS } from "../bundle/kinds/index.js";
import { tempFolder, writeBundle } from "../test/bundle/bundle-files.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const root = path.resolve(import.meta.dirname, "..");
let db: TestDatabase;
let service: ChildProcess;
let base: string;
let key: string;
let printed: string;
const stderr: string[] = [];
const folder = tempFolder();

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "start_empty");
  service = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.ownerUrl,
      DATABASE_READER_URL: db.readerUrl,
      SEED_DEMO: "false",
      PORT: "0",
      METRICS_PORT: "0",
      ADMIN_PORT: "0",
      LOG_LEVEL: "silent",
    },
  });
  service.stderr!.on("data", (d: Buffer) => stderr.push(d.toString()));
  const up = await new Promise<string>((resolve, reject) => {
    let out = "";
    service.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (/Demo key[^\n]*\n/.test(out)) resolve(out);
    });
    service.on("exit", (code) => reject(new Error(`npm start exited ${code}: ${stderr.join("")}`)));
  });
  printed = up;
  base = /is up: (http:\/\/\S+)/.exec(up)![1]!;
  key = /Demo key[^:]*: (sk_ins_\S+)/.exec(up)![1]!;
}, 90_000);

afterAll(async () => {
  if (service && service.exitCode === null) {
    const exited = new Promise((r) => service.once("exit", r));
    service.kill("SIGTERM");
    await exited;
  }
  folder.remove();
  await db?.drop();
});

const analysts = async () => (await fetch(`${base}/api/v1/analysts`, { headers: { "x-api-key": key } })).json();

describe("SEED_DEMO=false npm start", () => {
  it("prints the console's address and a one-time sign-in link, which works once", async () => {
    const consoleUrl = /Operator console: (http:\/\/\S+)\//.exec(printed)![1]!;
    const link = /Sign in once with \(valid 5 minutes, works once\): (http:\/\/\S+)/.exec(printed)![1]!;
    expect(link).toMatch(new RegExp(`^${consoleUrl}/sign-in/link\\?token=[A-Za-z0-9_-]{43}$`));
    expect(consoleUrl).not.toBe(base);
    const first = await fetch(link, { redirect: "manual" });
    expect(first.status).toBe(303);
    expect(first.headers.get("set-cookie")).toMatch(/^console_session=.+; HttpOnly; SameSite=Strict$/);
    expect((await fetch(link, { redirect: "manual" })).status).toBe(401);
    expect((await fetch(`${base}/`, { redirect: "manual" })).status).toBe(401);
  });

  it("starts on an empty database without loading the demo dataset, and says so", async () => {
    expect(stderr.join("")).toContain(
      "empty database, SEED_DEMO=false: starting without the demo dataset (load your own with npm run import -- DIR)\n",
    );
    expect(await analysts()).toEqual({ analysts: [], count: 0 });
  });

  it("serves what an import then loads, without a restart", async () => {
    const analyst = {
      id: "metals",
      name: "金属",
      name_en: "Metals",
      icon: null,
      agent: null,
      specialty: null,
      specialty_en: null,
      category_id: "commodities",
      category_name: "大宗商品",
      category_name_en: "Commodities",
      tasks_default: ["weekly"],
      category: { id: "commodities", name: "大宗商品", name_en: "Commodities" },
    };
    writeBundle(folder.dir, { lines: { analysts: [analyst] } });
    expect((await importBundle(db.owner, folder.dir, KINDS)).problems).toBeUndefined();
    const { category: _, ...summary } = analyst;
    // The import's commit reaches the server's read cache as a notification, asynchronously (docs/read-cache.md).
    await expect.poll(analysts, { timeout: 5_000, interval: 50 }).toEqual({ analysts: [summary], count: 1 });
  });
});
