/**
 * The change log's order on real PostgreSQL: a transaction that began first and commits last is never skipped by a
 * reader who already holds a later change; pages resume where they ended; withdrawals and reinstatements are
 * entries with the item's state at commit. And the cursors: what was signed comes back, anything else is refused.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addReport, EDITOR } from "../../test/fixtures/reports.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { createCursorSigner } from "../cursor/cursor-signer.js";
import { inTransaction } from "../db/transaction.js";
import { reinstate, withdraw } from "../withdrawals/withdraw.js";
import { withdrawalKind } from "../withdrawals/withdrawal-kinds.js";
import { readCursorKey } from "../cursor/cursor-key.js";
import { readChanges, START, type Change } from "./change-log.js";

let db: TestDatabase;
const ALL = ["daily", "weekly", "data-topics", "threads", "fact-cards"];
const daily = (id: string, date: string) =>
  ({ id, kind: "daily", analyst: EDITOR, date, lang: "en", archivedAt: 1, body: `# ${id}` }) as const;
const brief = (c: Change) => `${c.kind} ${c.id} ${c.change}`;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "changes");
});
afterAll(() => db?.drop());

/** Everything ready now, from the start, in pages of `limit`. */
async function all(limit = 1000) {
  const out: Change[] = [];
  let after = START;
  for (;;) {
    const page = await readChanges(db.reader, { after, kinds: ALL, limit });
    out.push(...page.changes);
    after = page.position;
    if (!page.hasMore) return { changes: out, after };
  }
}

describe("the change log", () => {
  it("never lets a late commit of an earlier transaction fall behind what a reader already holds", async () => {
    const early = await db.owner.connect();
    const late = await db.owner.connect();
    try {
      await early.query("BEGIN");
      await addReport(early as never, daily("d-early", "2026-11-23")); // takes the smaller transaction id
      await late.query("BEGIN");
      await addReport(late as never, daily("d-late", "2026-11-24"));
      await late.query("COMMIT");
      // The later transaction committed, but the earlier one may still commit: nothing past the horizon is handed out.
      const held = await all();
      expect(held.changes).toEqual([]);
      await early.query("COMMIT");
      const { changes, after } = await all();
      expect(changes.map(brief)).toEqual(["daily 2026-11-23 upserted", "daily 2026-11-24 upserted"]);
      expect((await readChanges(db.reader, { after, kinds: ALL, limit: 10 })).changes).toEqual([]);
    } finally {
      early.release();
      late.release();
    }
  });

  it("pages by position, one entry per item per transaction, and filters by kind", async () => {
    await inTransaction(db.owner, async (c) => {
      await addReport(c as never, daily("d-a", "2026-11-25"));
      await addReport(c as never, daily("d-b", "2026-11-25")); // the same item: one entry
    });
    const first = await readChanges(db.reader, { after: START, kinds: ALL, limit: 2 });
    expect([first.changes.map(brief), first.hasMore]).toEqual([
      ["daily 2026-11-23 upserted", "daily 2026-11-24 upserted"],
      true,
    ]);
    const second = await readChanges(db.reader, { after: first.position, kinds: ALL, limit: 2 });
    expect([second.changes.map(brief), second.hasMore]).toEqual([["daily 2026-11-25 upserted"], false]);
    expect((await readChanges(db.reader, { after: START, kinds: ["threads"], limit: 5 })).changes).toEqual([]);
  });

  it("orders positions as numbers, not as their text: a walk across pos 99 to 100 in pages of one skips nothing", async () => {
    const { after } = await all();
    // Positions come from one sequence: set it just below a power of ten, so the digits grow in the middle of the walk.
    await db.owner.query("SELECT setval('changes.log_pos', 97)");
    const dates = ["2026-10-01", "2026-10-02", "2026-10-05", "2026-10-06", "2026-10-07", "2026-10-08"];
    await inTransaction(db.owner, async (c) => {
      for (const [i, date] of dates.entries()) await addReport(c as never, daily(`d-n${i}`, date));
    });
    const walked: string[] = [];
    let position = after;
    for (;;) {
      const page = await readChanges(db.reader, { after: position, kinds: ALL, limit: 1 });
      walked.push(...page.changes.map(brief));
      position = page.position;
      if (!page.hasMore) break;
    }
    expect(walked).toEqual(dates.map((d) => `daily ${d} upserted`));
    expect(position).toMatch(/:103$/);
  });

  it("carries withdrawals and reinstatements, in the order they committed", async () => {
    const { after } = await all();
    const kind = withdrawalKind("daily");
    const actor = { by: "operator:test", at: 5 };
    await inTransaction(db.owner, (c) => withdraw(c, kind, "2026-11-24", "wrong figure", actor));
    await inTransaction(
      db.owner,
      (c) => withdrawalKind("reports") && withdraw(c, withdrawalKind("reports"), "d-a", "x", actor),
    );
    await inTransaction(db.owner, (c) => reinstate(c, kind, "2026-11-24", actor));
    const page = await readChanges(db.reader, { after, kinds: ALL, limit: 10 });
    expect(page.changes.map(brief)).toEqual([
      "daily 2026-11-24 withdrawn",
      // d-b is still published on 2026-11-25: the daily changed, it did not go.
      "daily 2026-11-25 upserted",
      "daily 2026-11-24 upserted",
    ]);
  });
});

describe("cursors", () => {
  it("give back what was signed, under the key every replica reads, and refuse anything else", async () => {
    const key = await readCursorKey(db.reader);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const signer = createCursorSigner(key);
    const cursor = signer.sign("812:44");
    expect(createCursorSigner(await readCursorKey(db.owner)).verify(cursor)).toBe("812:44");
    const [body, tag] = cursor.split(".") as [string, string];
    const forged = `${Buffer.from("812:45").toString("base64url")}.${tag}`;
    for (const bad of [forged, `${body}.${tag.slice(1)}`, `${body}x.${tag}`, body, "", "a.b", `${cursor}.`])
      expect(signer.verify(bad), bad).toBeNull();
    expect(createCursorSigner("k".repeat(32)).verify(cursor)).toBeNull();
  });
});
