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

const analysts = async () =>
  (await (await fetch(`${base}/api/v1/analysts`, { headers: { "x-api-key": key } })).json()) as { count: number };

describe("SEED_DEMO=false npm start", () => {
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
    // The import commits in this process; the service's read cache learns of it by notification, within its
    // cross-process bound of one second (docs/read-cache.md), so the new answer is awaited that long, no longer.
    const deadline = Date.now() + 1000;
    let answer = await analysts();
    while (answer.count === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await analysts();
    }
    expect(answer).toEqual({ analysts: [summary], count: 1 });
  });
});
