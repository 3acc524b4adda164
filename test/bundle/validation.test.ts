/**
 * A bad bundle is refused whole: every problem is reported as FILE:LINE: what is wrong, nothing is written, and a
 * bundle of another format version is refused with one line. What only the database can refuse rolls the whole
 * import back, naming the file and lines.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { ImportFailed, importBundle } from "../../bundle/import.js";
import { KINDS } from "../../bundle/kinds/index.js";
import { BundleRefused } from "../../bundle/manifest.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { cardLine, tempFolder, threadLine, topicPoolLine, writeBundle } from "./bundle-files.js";

let db: TestDatabase;
const folders: { remove(): void }[] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "bundle_validation");
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
  const tables = ["catalog.topic_pool", "catalog.threads", "catalog.cards", "objects.blobs"];
  return Promise.all(
    tables.map(async (t) => Number((await db.owner.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n)),
  );
}

describe("importing a bundle with bad lines", () => {
  it("reports each problem as FILE:LINE: message and writes nothing, not even the good lines", async () => {
    const dir = bundle({
      lines: {
        "topic-pool": [
          topicPoolLine({ pool_id: "pool_good" }),
          '{"pool_id": "pool_2", ',
          (({ topic: _, ...rest }) => rest)(topicPoolLine({ pool_id: "pool_3" })),
          topicPoolLine({ pool_id: "pool_4", created_at: "yesterday" }),
          topicPoolLine({ pool_id: "pool_5", status: "done" }),
          topicPoolLine({ pool_id: "pool_6", promoted_board_id: "nope", score: null }),
          "",
          "[1, 2]",
          topicPoolLine({ pool_id: "pool_9", colour: "red" }),
          topicPoolLine({ pool_id: "pool_10", rationale: "nul \u0000 inside" }),
        ],
        threads: [
          threadLine({ cards: [cardLine({ status: 5 })] }),
          threadLine({ card_count: 2, work_date: "2026-02-30" }),
        ],
        objects: [
          {
            key: "reports/x.md",
            content_type: "text/markdown; charset=utf-8",
            created_at: 1,
            file: "objects/reports/x.md",
          },
        ],
      },
      manifest: { counts: { "topic-pool": 10, threads: 2, objects: 1, analysts: 3 } },
    });
    const at = (file: string) => path.join(dir, file);
    const result = await importBundle(db.owner, dir, KINDS);
    expect(result.problems).toEqual([
      `${at("objects.ndjson")}:1: body file objects/reports/x.md is missing`,
      `${at("analysts.ndjson")}: holds 0 lines, the manifest counts 3`,
      `${at("threads.ndjson")}:1: field "cards[0].status" must be a string, got an integer`,
      `${at("threads.ndjson")}:2: field "work_date" must be a calendar date YYYY-MM-DD, got "2026-02-30"`,
      `${at("topic-pool.ndjson")}:2: not JSON`,
      `${at("topic-pool.ndjson")}:3: missing required field "topic"`,
      `${at("topic-pool.ndjson")}:4: field "created_at" must be an integer, got a string`,
      `${at("topic-pool.ndjson")}:5: field "status" has unknown value "done"; allowed: candidate, promoted, expired, rejected`,
      `${at("topic-pool.ndjson")}:6: field "score" must be a number, got null`,
      `${at("topic-pool.ndjson")}:6: field "promoted_board_id" must be a uuid, got "nope"`,
      `${at("topic-pool.ndjson")}:7: empty line`,
      `${at("topic-pool.ndjson")}:8: must be a JSON object`,
      `${at("topic-pool.ndjson")}:9: unknown field "colour"`,
      `${at("topic-pool.ndjson")}:10: field "rationale" holds a NUL character, which PostgreSQL cannot store`,
    ]);
    expect(result.kinds).toEqual({});
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("checks what the schema cannot see: derived fields that disagree with the rest of the line", async () => {
    const other = "5b6f3c1e-8d5a-4a8e-9f3b-1c2d3e4f5a6b";
    const dir = bundle({
      lines: {
        threads: [
          threadLine({ card_count: 3, cards: [cardLine({ board_id: other }), cardLine({ card_id: "card_2" })] }),
        ],
      },
    });
    const result = await importBundle(db.owner, dir, KINDS);
    expect(result.problems).toEqual([
      `${path.join(dir, "threads.ndjson")}:1: card_count is 3 but the thread lists 2 cards`,
      `${path.join(dir, "threads.ndjson")}:1: cards[0].board_id "${other}" differs from the thread's board_id`,
      `${path.join(dir, "threads.ndjson")}:1: cards[1].card_index 0 is listed twice`,
    ]);
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("refuses a bundle of another format version with one line, before reading any file", async () => {
    const dir = bundle({ lines: { "topic-pool": [topicPoolLine()] }, manifest: { format_version: 2 } });
    await expect(importBundle(db.owner, dir, KINDS)).rejects.toThrow(
      new BundleRefused(
        `${path.join(dir, "manifest.json")}: bundle format version 2 is not supported; this importer reads version 1`,
      ),
    );
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("refuses a folder without a manifest", async () => {
    const folder = tempFolder();
    folders.push(folder);
    await expect(importBundle(db.owner, folder.dir, KINDS)).rejects.toThrow(
      `${path.join(folder.dir, "manifest.json")}: missing; ${folder.dir} is not a bundle (or its export did not finish)`,
    );
  });

  it("rolls everything back when the database refuses a batch, naming the file and its lines", async () => {
    const message = { session_id: "s_missing", seq: 1, role: "analyst", content: "Hello.", created_at: 1763632800000 };
    const dir = bundle({
      lines: {
        "topic-pool": [topicPoolLine({ pool_id: "pool_rolled_back" })],
        "session-messages": [message, { ...message, seq: 2 }],
      },
    });
    await expect(importBundle(db.owner, dir, KINDS)).rejects.toThrow(
      new ImportFailed(
        `${path.join(dir, "session-messages.ndjson")}:1-2: the database refused these lines, nothing was imported: ` +
          `insert or update on table "session_messages" violates foreign key constraint "session_messages_session_id_fkey": ` +
          `Key (session_id)=(s_missing) is not present in table "sessions".`,
      ),
    );
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("refuses a body PostgreSQL cannot hold when it writes it, and nothing lands", async () => {
    const line = {
      key: "memos/nul.md",
      content_type: "text/markdown; charset=utf-8",
      created_at: 1,
      file: "objects/memos/nul.md",
    };
    const dir = bundle({
      lines: { objects: [line], "topic-pool": [topicPoolLine()] },
      files: { "objects/memos/nul.md": "a\u0000b" },
    });
    await expect(importBundle(db.owner, dir, KINDS)).rejects.toThrow(
      `${path.join(dir, "objects.ndjson")}:1-1: the database refused these lines, nothing was imported: invalid byte sequence for encoding "UTF8": 0x00`,
    );
    expect(await rowCounts()).toEqual([0, 0, 0, 0]);
  });

  it("writes a good bundle, and the same lines again change nothing", async () => {
    const dir = bundle({ lines: { "topic-pool": [topicPoolLine()], threads: [threadLine()] } });
    const first = await importBundle(db.owner, dir, KINDS);
    expect(first.problems).toBeUndefined();
    expect(first.kinds["topic-pool"]).toEqual({ lines: 1, changed: 1 });
    expect(first.kinds.threads).toEqual({ lines: 1, changed: 2 });
    expect((await importBundle(db.owner, dir, KINDS)).kinds.threads).toEqual({ lines: 1, changed: 0 });
    expect(await rowCounts()).toEqual([1, 1, 1, 0]);
  });
});
