/**
 * A bundle is hostile input until proven otherwise (issue 25): a body that is a link to a file outside the bundle,
 * a line or a body past its bound, a line nested 10,000 deep, bytes that are not UTF-8. Each is refused as
 * FILE:LINE before anything is written; characters XML cannot carry are accepted and reported per file.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importBundle } from "../../bundle/import.js";
import { KINDS } from "../../bundle/kinds/index.js";
import { DEFAULT_BUNDLE_LIMITS } from "../../lib/config/bundle.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { tempFolder, topicPoolLine, writeBundle } from "./bundle-files.js";

let db: TestDatabase;
const folders: { remove(): void }[] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "bundle_hostile");
});

afterAll(async () => {
  for (const f of folders) f.remove();
  await db?.drop();
});

function bundle(spec: Parameters<typeof writeBundle>[1]): string {
  const folder = tempFolder();
  folders.push(folder);
  writeBundle(folder.dir, spec);
  return folder.dir;
}

async function rowCounts(): Promise<number[]> {
  const tables = ["catalog.topic_pool", "objects.blobs", "catalog.events", "catalog.institute_memory"];
  return Promise.all(
    tables.map(async (t) => Number((await db.owner.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n)),
  );
}

const objectLine = (file: string) => ({
  key: "reports/daily/2026-11-20/daily-editor.en.md",
  content_type: "text/markdown; charset=utf-8",
  created_at: 1,
  file,
});
const eventLine = (detail: unknown) => ({
  event_id: "ev_1",
  kind: "note",
  subject_id: null,
  analyst_id: null,
  detail,
  occurred_at: 1763632800000,
});
const memoryLine = (body: string) => ({ memory_id: "mem_1", title: "Memory", body, updated_at: 1763632800000 });

describe("a hostile bundle", () => {
  it("cannot publish a file outside itself through a symbolic link: refused, nothing written", async () => {
    const dir = bundle({ lines: { objects: [objectLine("objects/daily.md")], "topic-pool": [topicPoolLine()] } });
    mkdirSync(path.join(dir, "objects"));
    symlinkSync("/etc/passwd", path.join(dir, "objects/daily.md"));
    const result = await importBundle(db.owner, dir, KINDS);
    expect(result.problems).toEqual([
      `${path.join(dir, "objects.ndjson")}:1: body file objects/daily.md is a symbolic link; a body must be a regular file`,
    ]);
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("refuses a line longer than the line bound without holding it, and a document line past the body bound", async () => {
    const limits = { ...DEFAULT_BUNDLE_LIMITS, lineBytes: 4096, bodyBytes: 64 * 1024 };
    const dir = bundle({
      lines: {
        "topic-pool": [topicPoolLine(), topicPoolLine({ pool_id: "pool_2", rationale: "x".repeat(5000) })],
        "institute-memory": [memoryLine("m".repeat(10_000)), memoryLine("m".repeat(70_000))],
      },
    });
    const result = await importBundle(db.owner, dir, KINDS, { limits });
    expect(result.problems).toEqual([
      `${path.join(dir, "topic-pool.ndjson")}:2: line is longer than 4096 bytes, the line bound (BUNDLE_MAX_LINE_BYTES)`,
      `${path.join(dir, "institute-memory.ndjson")}:2: line is longer than 65536 bytes, the body bound (BUNDLE_MAX_BODY_BYTES)`,
    ]);
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("refuses a body file past the body bound", async () => {
    const dir = bundle({
      lines: { objects: [objectLine("objects/daily.md")] },
      files: { "objects/daily.md": "# big\n".repeat(2000) },
    });
    const result = await importBundle(db.owner, dir, KINDS, { limits: { ...DEFAULT_BUNDLE_LIMITS, bodyBytes: 4096 } });
    expect(result.problems).toEqual([
      `${path.join(dir, "objects.ndjson")}:1: body file objects/daily.md is 12000 bytes, over the body bound (4096 bytes)`,
    ]);
  });

  it("refuses a value nested 10,000 deep as FILE:LINE instead of crashing the write, and accepts 32 levels", async () => {
    // The line's object and `detail` are two levels; `a` adds the rest.
    const arrays = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
    const line = (id: string, levels: number) =>
      JSON.stringify(eventLine({ a: "A" }))
        .replace('"ev_1"', `"${id}"`)
        .replace('"A"', arrays(levels));
    const dir = bundle({ lines: { events: [line("ev_1", 30), line("ev_2", 31), line("ev_3", 9_998)] } });
    const result = await importBundle(db.owner, dir, KINDS);
    expect(result.problems).toEqual([
      `${path.join(dir, "events.ndjson")}:2: nested deeper than 32 levels (BUNDLE_MAX_DEPTH)`,
      `${path.join(dir, "events.ndjson")}:3: nested deeper than 32 levels (BUNDLE_MAX_DEPTH)`,
    ]);
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("refuses bytes that are not UTF-8 instead of replacing them, in a line and in a body", async () => {
    const dir = bundle({
      lines: { "topic-pool": [topicPoolLine()], objects: [objectLine("objects/daily.md")] },
      files: { "objects/daily.md": Buffer.from([0x23, 0x20, 0xc3]) as unknown as string },
    });
    const good = JSON.stringify(topicPoolLine({ topic: "XYZ" }));
    const bad = Buffer.from(good);
    bad.set([0xff, 0xfe, 0xc3], bad.indexOf("XYZ"));
    writeFileSync(
      path.join(dir, "topic-pool.ndjson"),
      Buffer.concat([Buffer.from(`${good}\n`), bad, Buffer.from("\n")]),
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
    writeFileSync(
      path.join(dir, "manifest.json"),
      JSON.stringify({ ...manifest, counts: { "topic-pool": 2, objects: 1 } }),
    );
    const result = await importBundle(db.owner, dir, KINDS);
    expect(result.problems).toEqual([
      `${path.join(dir, "objects.ndjson")}:1: body file objects/daily.md is not valid UTF-8`,
      `${path.join(dir, "topic-pool.ndjson")}:2: line is not valid UTF-8`,
    ]);
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("accepts characters XML cannot carry, stores them as they are, and reports them per file", async () => {
    const body = "# Daily\u000b\u001b\u0007 note\uFFFF\n";
    const dir = bundle({
      lines: {
        objects: [objectLine("objects/daily.md")],
        "topic-pool": [topicPoolLine({ topic: "bell\u0007" }), topicPoolLine({ pool_id: "pool_2" })],
      },
      files: { "objects/daily.md": body },
    });
    const result = await importBundle(db.owner, dir, KINDS);
    expect(result.problems).toBeUndefined();
    expect(result.notices).toEqual([
      `${path.join(dir, "objects/daily.md")}: 4 characters XML 1.0 cannot carry (U+0007, U+000B, U+001B, U+FFFF); stored as they are, shown as U+FFFD in the Atom feed and the charts`,
      `${path.join(dir, "topic-pool.ndjson")}: 1 character XML 1.0 cannot carry (U+0007); stored as they are, shown as U+FFFD in the Atom feed and the charts`,
    ]);
    const { rows } = await db.owner.query("SELECT body FROM objects.blobs");
    expect(rows).toEqual([{ body }]);
    await db.owner.query("TRUNCATE catalog.topic_pool, objects.blobs CASCADE");
  });
});
