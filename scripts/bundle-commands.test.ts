/** npm run export and npm run import, run as processes against databases, as an operator would. */
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importBundle } from "../bundle/import.js";
import { KINDS } from "../bundle/kinds/index.js";
import { tempFolder, threadLine, topicPoolLine, writeBundle } from "../test/bundle/bundle-files.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let source: TestDatabase;
let target: TestDatabase;
const folders = [tempFolder(), tempFolder(), tempFolder(), tempFolder()];
const [seeded, exported, bad, deep] = folders.map((f) => f.dir) as [string, string, string, string];

const command = (name: "import" | "export", db: TestDatabase, ...args: string[]) =>
  run(path.join(root, "node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.ownerUrl, EMBEDDINGS_URL: "", LOG_LEVEL: "silent" },
  });

beforeAll(async () => {
  [source, target] = await Promise.all([
    createTestDatabase(inject("adminUrl"), "bundle_cli"),
    createTestDatabase(inject("adminUrl"), "bundle_cli"),
  ]);
  writeBundle(seeded, { lines: { "topic-pool": [topicPoolLine()], threads: [threadLine()] } });
  const loaded = await importBundle(source.owner, seeded, KINDS);
  if (loaded.problems) throw new Error(loaded.problems.join("\n"));
});

afterAll(async () => {
  await Promise.allSettled([source?.drop(), target?.drop()]);
  for (const f of folders) f.remove();
});

describe("npm run export and npm run import", () => {
  it("exports a database and imports it into another, with plain count lines on a pipe", async () => {
    const out = await command("export", source, exported);
    expect(out.stdout).toMatch(
      new RegExp(`^exported 2 lines of ${KINDS.length} kinds to ${exported} in \\d+\\.\\d\\d s\\n$`),
    );
    expect(out.stderr.split("\n").filter(Boolean)).toHaveLength(KINDS.length);
    expect(out.stderr).toMatch(/^exported topic-pool: 1 lines, [\d,]+ lines\/s$/m);
    const imported = await command("import", target, exported);
    expect(imported.stdout).toMatch(/^imported 2 lines from .+ in \d+\.\d\d s: 3 rows new or changed\n/);
    expect(imported.stdout).toMatch(
      /\nembeddings \(builtin-hashed-ngram-384\): documents 0 embedded, 0 skipped, 0 failed; fact cards 0 embedded, 0 skipped, 0 failed\n$/,
    );
    expect(imported.stderr).toMatch(/^checked threads: 1 lines, [\d,]+ lines\/s$/m);
    expect(imported.stderr).toMatch(/^imported threads: 1 lines, [\d,]+ lines\/s \(2 rows new or changed\)$/m);
    const { rows } = await target.owner.query(
      "SELECT pool_id FROM catalog.topic_pool UNION ALL SELECT card_id FROM catalog.cards",
    );
    expect(rows.map((r) => r.pool_id)).toEqual(["pool_1", "card_1"]);
  });

  it("refuses a bad bundle: each problem as FILE:LINE on standard error, nothing written, exit 2", async () => {
    writeBundle(bad, {
      lines: { "topic-pool": [topicPoolLine({ pool_id: "pool_new" }), topicPoolLine({ status: "done" })] },
    });
    const failed = await command("import", target, bad).catch((e) => e);
    expect(failed.code).toBe(2);
    const lines = failed.stderr.split("\n").filter((l: string) => !l.startsWith("checked "));
    expect(lines).toEqual([
      `${path.join(bad, "topic-pool.ndjson")}:2: field "status" has unknown value "done"; allowed: candidate, promoted, expired, rejected`,
      `import: ${bad} refused, nothing was written`,
      "",
    ]);
    expect((await target.owner.query("SELECT 1 FROM catalog.topic_pool WHERE pool_id = 'pool_new'")).rowCount).toBe(0);
  });

  it("refuses a line nested 10,000 deep with FILE:LINE and exit 2, where the write phase used to overflow its stack", async () => {
    const line = `{"event_id":"ev_deep","kind":"note","subject_id":null,"analyst_id":null,"detail":{"a":${"[".repeat(9_998)}${"]".repeat(9_998)}},"occurred_at":1}`;
    writeBundle(deep, { lines: { events: [line] } });
    const failed = await command("import", target, deep).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(failed.stderr.split("\n").filter((l: string) => !l.startsWith("checked "))).toEqual([
      `${path.join(deep, "events.ndjson")}:1: nested deeper than 32 levels (BUNDLE_MAX_DEPTH)`,
      `import: ${deep} refused, nothing was written`,
      "",
    ]);
  });

  it("refuses another format version, a folder that is no bundle and a wrong argument with one line", async () => {
    writeFileSync(
      path.join(bad, "manifest.json"),
      JSON.stringify({
        format: "institute-bundle",
        format_version: 2,
        exported_at: "2026-11-20T10:00:00Z",
        counts: {},
      }),
    );
    await expect(command("import", target, bad)).rejects.toMatchObject({
      code: 2,
      stderr: `import: ${path.join(bad, "manifest.json")}: bundle format version 2 is not supported; this importer reads version 1\n`,
    });
    const nowhere = path.join(bad, "nowhere");
    await expect(command("import", target, nowhere)).rejects.toMatchObject({
      code: 2,
      stderr: `import: ${path.join(nowhere, "manifest.json")}: missing; ${nowhere} is not a bundle (or its export did not finish)\n`,
    });
    await expect(command("import", target)).rejects.toMatchObject({
      code: 2,
      stderr: "import: usage: npm run --silent import -- DIR\n",
    });
  });

  it("exports only into a new or empty folder", async () => {
    mkdirSync(path.join(bad, "kept"), { recursive: true });
    await expect(command("export", source, bad)).rejects.toMatchObject({
      code: 2,
      stderr: `export: ${bad}: not empty; export writes a bundle into a new or empty folder\n`,
    });
    expect(readdirSync(bad).sort()).toEqual(["kept", "manifest.json", "topic-pool.ndjson"]);
  });
});
