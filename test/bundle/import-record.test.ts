/**
 * Every import records itself in usage.imports, however it ends: imported (rows per kind), refused (its first
 * problems, nothing written), failed part-way (why; rolled back), each with who ran it, from where and how long,
 * and an audit row beside it.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importBundle } from "../../bundle/import.js";
import { KINDS } from "../../bundle/kinds/index.js";
import { readAudit } from "../../lib/audit/audit-log.js";
import { recentImports } from "../../lib/usage/import-log.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { tempFolder, threadLine, topicPoolLine, writeBundle } from "./bundle-files.js";

let db: TestDatabase;
const folders: { remove(): void }[] = [];
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "bundle_record");
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

describe("imports record themselves", () => {
  it("records an import, a refused bundle and a failed one, newest first, with who, where, rows and outcome", async () => {
    const good = bundle({ lines: { "topic-pool": [topicPoolLine()], threads: [threadLine()] } });
    await importBundle(db.owner, good, KINDS, { actor: "cli:ana", now: () => 1000 });
    const refused = bundle({ lines: { "topic-pool": ['{"pool_id": '] } });
    expect((await importBundle(db.owner, refused, KINDS, { actor: "console:ana", now: () => 2000 })).problems).toEqual([
      `${path.join(refused, "topic-pool.ndjson")}:1: not JSON`,
    ]);
    const message = { session_id: "s_missing", seq: 1, role: "analyst", content: "Hi.", created_at: 1763632800000 };
    const failing = bundle({ lines: { "session-messages": [message] } });
    await expect(importBundle(db.owner, failing, KINDS, { actor: "cli", now: () => 3000 })).rejects.toThrow(
      /the database refused these lines/,
    );

    const rows = await recentImports(db.owner, 10);
    expect(rows.map((r) => [r.startedAt, r.actor, r.source, r.outcome])).toEqual([
      [3000, "cli", failing, "failed"],
      [2000, "console:ana", refused, "refused"],
      [1000, "cli:ana", good, "imported"],
    ]);
    expect(rows[2]!.kinds["topic-pool"]).toEqual({ lines: 1, changed: 1 });
    expect(rows[2]!.kinds.threads).toEqual({ lines: 1, changed: 2 });
    expect(rows[2]!.detail).toBeNull();
    expect(rows[1]!.kinds).toEqual({});
    expect(rows[1]!.detail).toBe(`${path.join(refused, "topic-pool.ndjson")}:1: not JSON`);
    expect(rows[0]!.kinds).toEqual({});
    expect(rows[0]!.detail).toMatch(/session-messages\.ndjson:1-1: the database refused these lines/);
    for (const r of rows) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect((await recentImports(db.owner, 1)).map((r) => r.startedAt)).toEqual([3000]);

    const audit = await readAudit(db.owner, { actions: ["bundle.import"], limit: 10 });
    expect(audit.map((a) => [a.actor, a.target, a.detail.outcome, a.at])).toEqual([
      ["cli", failing, "failed", 3000],
      ["console:ana", refused, "refused", 2000],
      ["cli:ana", good, "imported", 1000],
    ]);
  });

  it("records a folder that is not a bundle as refused", async () => {
    const folder = tempFolder();
    folders.push(folder);
    await expect(importBundle(db.owner, folder.dir, KINDS, { now: () => 4000 })).rejects.toThrow(/missing/);
    const [latest] = await recentImports(db.owner, 1);
    expect([latest!.actor, latest!.outcome, latest!.source]).toEqual(["unknown", "refused", folder.dir]);
  });
});
