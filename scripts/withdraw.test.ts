/**
 * npm run withdraw and npm run reinstate, run as processes against a database as an operator would; and a bundle's
 * withdrawals lines, which import applies and export writes (docs/lifecycle.md).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { exportBundle } from "../bundle/export.js";
import { importBundle } from "../bundle/import.js";
import { KINDS } from "../bundle/kinds/index.js";
import { tempFolder, threadLine, writeBundle } from "../test/bundle/bundle-files.js";
import { addReport, EDITOR } from "../test/fixtures/reports.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let db: TestDatabase;
let other: TestDatabase;
const folders = [tempFolder(), tempFolder(), tempFolder()];
const [exported, tombstones, refused] = folders.map((f) => f.dir) as [string, string, string];

const cli = (command: "withdraw" | "reinstate", ...args: string[]) =>
  run(path.join(root, "node_modules/.bin/tsx"), ["scripts/withdraw.ts", command, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.ownerUrl, LOG_LEVEL: "silent" },
  });

beforeAll(async () => {
  [db, other] = await Promise.all([
    createTestDatabase(inject("adminUrl"), "withdraw_cli"),
    createTestDatabase(inject("adminUrl"), "withdraw_cli"),
  ]);
  const daily = { kind: "daily", analyst: EDITOR, date: "2026-11-24", archivedAt: 1, body: "# d" } as const;
  await addReport(db.owner, { ...daily, id: "d-en", lang: "en" });
  await addReport(db.owner, { ...daily, id: "d-zh", lang: "zh" });
});
afterAll(async () => {
  await Promise.allSettled([db?.drop(), other?.drop()]);
  for (const f of folders) f.remove();
});

describe("npm run withdraw / reinstate", () => {
  it("withdraws yesterday's daily in one command, audited with the operator, and reinstates it", async () => {
    const out = await cli("withdraw", "daily", "2026-11-24", "--reason", "wrong figure", "--by", "operator:ana");
    expect(out.stderr).toBe("withdrawn: the daily report of 2026-11-24 (operator:ana); every surface drops it now\n");
    const state = JSON.parse(out.stdout);
    expect(state).toMatchObject({ kind: "daily", id: "2026-11-24", withdrawn: true, reason: "wrong figure" });
    expect((await db.owner.query("SELECT count(*)::int AS n FROM reports.published_reports")).rows[0].n).toBe(0);
    const again = await cli("withdraw", "daily", "2026-11-24", "--reason", "twice");
    expect(again.stderr).toMatch(/^already withdrawn: the daily report of 2026-11-24, since .* by operator:ana\n$/);

    const back = await cli("reinstate", "daily", "2026-11-24");
    expect(back.stderr).toMatch(/^reinstated: the daily report of 2026-11-24 \(operator:[^)]+\)/);
    expect((await db.owner.query("SELECT count(*)::int AS n FROM reports.published_reports")).rows[0].n).toBe(2);
    const { rows } = await db.owner.query(
      "SELECT actor, action, target, detail FROM audit.events ORDER BY at, event_id",
    );
    expect(rows.map((r) => [r.action, r.target])).toEqual([
      ["withdraw", "daily 2026-11-24"],
      ["reinstate", "daily 2026-11-24"],
    ]);
    expect(rows[0]).toMatchObject({ actor: "operator:ana", detail: { reason: "wrong figure" } });
    expect(rows[1].actor).toMatch(/^operator:/);
  });

  it("refuses with one line and exit 2: no reason, an unknown kind, a bad date, nothing to withdraw", async () => {
    const refusals: [string[], string][] = [
      [["withdraw", "daily", "2026-11-24"], 'withdraw: a withdrawal needs a reason: --reason "…"\n'],
      [["withdraw", "pets", "1", "--reason", "x"], "withdraw: unknown kind 'pets': one of"],
      [["withdraw", "daily", "2026-13-01", "--reason", "x"], "withdraw: daily DATE must be a YYYY-MM-DD date"],
      [["withdraw", "weekly", "2026-11-24", "--reason", "x"], "withdraw: weekly takes DATE ANALYST_ID, got 1"],
      [["withdraw", "daily", "2026-11-23", "--reason", "x"], "withdraw: there is no the daily report of 2026-11-23"],
      [["reinstate", "reports", "d-en"], "reinstate: the report draft d-en was never withdrawn\n"],
    ];
    for (const [args, stderr] of refusals) {
      const [command, ...rest] = args as ["withdraw" | "reinstate", ...string[]];
      await expect(cli(command, ...rest), args.join(" ")).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(stderr),
      });
    }
  }, 120_000);
});

describe("a bundle's withdrawals", () => {
  it("are written by export and applied by import, after the items they name", async () => {
    await cli("withdraw", "reports", "d-zh", "--reason", "translation error", "--by", "operator:lin");
    await exportBundle(db.owner, exported, KINDS);
    const lines = readFileSync(path.join(exported, "withdrawals.ndjson"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { kind: "reports", id: "d-zh", reason: "translation error", at: expect.any(Number), by: "operator:lin" },
    ]);
    const loaded = await importBundle(other.owner, exported, KINDS);
    expect(loaded.problems).toBeUndefined();
    const published = await other.owner.query("SELECT report_id FROM reports.published_reports ORDER BY 1");
    expect(published.rows).toEqual([{ report_id: "d-en" }]);
    const audit = await other.owner.query("SELECT actor, detail FROM audit.events WHERE action = 'withdraw'");
    expect(audit.rows).toEqual([
      {
        actor: `bundle:${path.basename(exported)}`,
        detail: { reason: "translation error", withdrawn_by: "operator:lin" },
      },
    ]);
    // Importing the same tombstones again changes nothing.
    const again = await importBundle(other.owner, exported, KINDS);
    expect(again.kinds?.withdrawals?.changed).toBe(0);
  });

  it("withdraws what the same bundle brings, and refuses a line naming nothing", async () => {
    const board = threadLine().board_id;
    writeBundle(tombstones, {
      lines: {
        threads: [threadLine()],
        withdrawals: [{ kind: "threads", id: board, reason: "duplicate", at: 5, by: "desk" }],
      },
    });
    expect((await importBundle(other.owner, tombstones, KINDS)).problems).toBeUndefined();
    const { rows } = await other.owner.query("SELECT count(*)::int AS n FROM catalog.published_threads");
    expect(rows[0].n).toBe(0);
    writeBundle(refused, {
      lines: { withdrawals: [{ kind: "fact-cards", id: "fc-none", reason: "x", at: 5, by: "desk" }] },
    });
    await expect(importBundle(other.owner, refused, KINDS)).rejects.toThrow(
      "withdrawals.ndjson:1: there is no fact card fc-none to withdraw, nothing was imported",
    );
  });
});
