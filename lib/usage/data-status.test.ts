/**
 * The Data page's facts on real PostgreSQL: whether the due daily report is in (before and after the due hour,
 * under a fixed clock), and each kind's row count and newest item.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addReport, EDITOR, sgt } from "../../test/fixtures/reports.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { dataFreshness } from "./data-freshness.js";
import { kindCounts } from "./kind-counts.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "usage_data");
});
afterAll(async () => db?.drop());

const daily = (id: string, analyst: string, date: string, archived: string) => ({
  id,
  kind: "daily" as const,
  analyst,
  date,
  lang: "en" as const,
  archivedAt: sgt(archived),
  body: `# daily ${date}\n`,
});

const NINE = { hour: 9, minute: 0 };

describe("data freshness", () => {
  it("names yesterday's work date before today's due hour, and says its daily is missing", async () => {
    const early = await dataFreshness(db.owner, sgt("2026-03-05T08:59"), NINE, EDITOR);
    expect(early).toEqual({
      workDate: "2026-03-04",
      dueAt: sgt("2026-03-04T09:00"),
      archivedAt: null,
      warning: "no daily report for work date 2026-03-04",
      newestDaily: null,
    });
  });

  it("asks for yesterday's daily before today's due hour and today's after it, by the editor only", async () => {
    await addReport(db.owner, daily("d-0304", EDITOR, "2026-03-04", "2026-03-04T08:00"));
    await addReport(db.owner, daily("d-0305-other", "lin-wei", "2026-03-05", "2026-03-05T07:00"));
    const before = await dataFreshness(db.owner, sgt("2026-03-05T08:59"), NINE, EDITOR);
    expect(before).toEqual({
      workDate: "2026-03-04",
      dueAt: sgt("2026-03-04T09:00"),
      archivedAt: sgt("2026-03-04T08:00"),
      warning: null,
      newestDaily: { workDate: "2026-03-04", archivedAt: sgt("2026-03-04T08:00") },
    });
    const after = await dataFreshness(db.owner, sgt("2026-03-05T09:00"), NINE, EDITOR);
    expect(after.workDate).toBe("2026-03-05");
    expect(after.warning).toBe("no daily report for work date 2026-03-05");
    // A later due hour the operator set moves the boundary.
    const lateDue = await dataFreshness(db.owner, sgt("2026-03-05T10:00"), { hour: 10, minute: 30 }, EDITOR);
    expect([lateDue.workDate, lateDue.warning]).toEqual(["2026-03-04", null]);
    // The daily arrives: the warning goes.
    await addReport(db.owner, daily("d-0305", EDITOR, "2026-03-05", "2026-03-05T09:20"));
    const arrived = await dataFreshness(db.owner, sgt("2026-03-05T09:30"), NINE, EDITOR);
    expect([arrived.archivedAt, arrived.warning, arrived.newestDaily]).toEqual([
      sgt("2026-03-05T09:20"),
      null,
      { workDate: "2026-03-05", archivedAt: sgt("2026-03-05T09:20") },
    ]);
  });
});

describe("kind counts", () => {
  it("counts each kind and names its newest item", async () => {
    const counts = await kindCounts(db.owner);
    expect(counts.map((c) => c.kind)).toEqual([
      "analysts",
      "threads",
      "card reports",
      "topic pool",
      "similarity log",
      "daily reports",
      "weekly reports",
      "fleet-health snapshots",
      "shared-data topics",
      "portfolios",
      "NAV snapshots",
      "fact cards",
      "search documents",
      "sessions",
    ]);
    expect(counts.find((c) => c.kind === "daily reports")).toEqual({
      kind: "daily reports",
      rows: 3,
      newest: { id: "d-0305", at: sgt("2026-03-05T09:20") },
    });
    expect(counts.find((c) => c.kind === "weekly reports")).toEqual({ kind: "weekly reports", rows: 0, newest: null });
    expect(counts.find((c) => c.kind === "analysts")).toEqual({ kind: "analysts", rows: 0, newest: null });
  });
});
