/** Fleet health, the canonical daily (rule 2) and a weekly author's report (rule 4), through the Connect router transport. */
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/object-store/object-store.js";
import { DAILY, fillReportsDataset, SNAPSHOTS, TODAY_NOW, WEEKLY } from "../../test/fixtures/reports-dataset.js";
import { refusal, startReportsService, type ReportFixture, type ReportsHarness } from "../../test/fixtures/reports.js";

let full: ReportsHarness;
let empty: ReportsHarness;
beforeAll(async () => {
  [full, empty] = await Promise.all([
    startReportsService({ fill: fillReportsDataset, now: () => TODAY_NOW }),
    startReportsService({ now: () => TODAY_NOW }),
  ]);
});
afterAll(async () => {
  await Promise.all([full?.close(), empty?.close()]);
});

const documentOf = (r: ReportFixture) => ({
  body: r.body,
  sha256: sha256Hex(r.body),
  lastModified: BigInt(r.archivedAt),
});

describe("GetFleetHealth (rule 5)", () => {
  it("returns the most recently generated snapshot", async () => {
    const { document } = await full.client.getFleetHealth({});
    const s = SNAPSHOTS.latest;
    expect(document).toMatchObject({ body: s.body, sha256: sha256Hex(s.body), lastModified: BigInt(s.generatedAt) });
  });

  it("is NotFound before any snapshot is generated", async () => {
    expect(await refusal(empty.client.getFleetHealth({}))).toEqual({
      code: Code.NotFound,
      message: "no fleet-health snapshot generated yet",
    });
  });
});

describe("GetDailyReport (rule 2)", () => {
  it("without lang: the editor's English daily, latest draft winning, over a later language-agnostic copy", async () => {
    const { document } = await full.client.getDailyReport({ date: "2026-03-03" });
    expect(document).toMatchObject(documentOf(DAILY.mar03EnFinal));
  });

  it("with lang: that language exactly", async () => {
    expect((await full.client.getDailyReport({ date: "2026-03-03", lang: "zh" })).document).toMatchObject(
      documentOf(DAILY.mar03Zh),
    );
    expect((await full.client.getDailyReport({ date: "2026-03-03", lang: "en" })).document).toMatchObject(
      documentOf(DAILY.mar03EnFinal),
    );
    expect((await full.client.getDailyReport({ date: "2026-03-01", lang: "zh" })).document).toMatchObject(
      documentOf(DAILY.mar01Zh),
    );
  });

  it("without lang and no English copy: falls back to the language-agnostic one", async () => {
    expect((await full.client.getDailyReport({ date: "2026-03-02" })).document).toMatchObject(
      documentOf(DAILY.mar02Plain),
    );
  });

  it("is NotFound when the editor wrote none in the asked language, or only another analyst wrote one", async () => {
    for (const [date, lang] of [
      ["2026-03-02", "en"],
      ["2026-03-02", "zh"],
      ["2026-03-01", ""],
      ["2026-03-05", ""],
      ["2026-03-04", ""],
    ] as const) {
      expect(await refusal(full.client.getDailyReport({ date, lang })), `${date} ${lang}`).toEqual({
        code: Code.NotFound,
        message: `no daily report for ${date}`,
      });
    }
  });

  it("refuses malformed dates and languages as InvalidArgument", async () => {
    expect(await refusal(full.client.getDailyReport({ date: "2026-02-30" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid date '2026-02-30': expected a YYYY-MM-DD calendar date",
    });
    expect(await refusal(full.client.getDailyReport({ date: "" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid date '': expected a YYYY-MM-DD calendar date",
    });
    for (const lang of ["fr", "plain", "EN"]) {
      expect(await refusal(full.client.getDailyReport({ date: "2026-03-03", lang }))).toEqual({
        code: Code.InvalidArgument,
        message: `invalid lang '${lang}': must be one of en, zh`,
      });
    }
  });
});

describe("GetWeeklyReport (rule 4)", () => {
  it("returns the most recently archived copy in the week, from any date of that week", async () => {
    for (const date of ["2026-03-02", "2026-03-05", "2026-03-08"]) {
      expect((await full.client.getWeeklyReport({ date, analystId: "chen-yu" })).document, date).toMatchObject(
        documentOf(WEEKLY.chenFri),
      );
    }
  });

  it("a later archive wins even when it carries an earlier work date", async () => {
    expect((await full.client.getWeeklyReport({ date: "2026-03-02", analystId: "dmitri" })).document).toMatchObject(
      documentOf(WEEKLY.dmitriFinal),
    );
  });

  it("chooses the language as the daily does", async () => {
    expect(
      (await full.client.getWeeklyReport({ date: "2026-03-04", analystId: "chen-yu", lang: "zh" })).document,
    ).toMatchObject(documentOf(WEEKLY.chenZh));
    expect((await full.client.getWeeklyReport({ date: "2026-03-04", analystId: "ana-m" })).document).toMatchObject(
      documentOf(WEEKLY.anaSun),
    );
    expect(await refusal(full.client.getWeeklyReport({ date: "2026-03-04", analystId: "ana-m", lang: "en" }))).toEqual({
      code: Code.NotFound,
      message: "ana-m published no weekly report in the week of 2026-03-04",
    });
  });

  it("keeps to the ISO week: the Sunday before and the Monday after belong to other weeks", async () => {
    expect(await refusal(full.client.getWeeklyReport({ date: "2026-03-08", analystId: "b-lee" }))).toEqual({
      code: Code.NotFound,
      message: "b-lee published no weekly report in the week of 2026-03-08",
    });
    expect((await full.client.getWeeklyReport({ date: "2026-03-09", analystId: "b-lee" })).document).toMatchObject(
      documentOf(WEEKLY.leeMonAfter),
    );
    expect(
      (await full.client.getWeeklyReport({ date: "2026-02-23", analystId: "b-lee", lang: "zh" })).document,
    ).toMatchObject(documentOf(WEEKLY.leeSunBefore));
  });

  it("validates the analyst id, date and language", async () => {
    expect(await refusal(full.client.getWeeklyReport({ date: "2026-03-04", analystId: "" }))).toEqual({
      code: Code.InvalidArgument,
      message: "missing analyst_id",
    });
    expect(
      await refusal(full.client.getWeeklyReport({ date: "2026-03-04", analystId: "x".repeat(201) })),
    ).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await refusal(full.client.getWeeklyReport({ date: "2026-3-4", analystId: "chen-yu" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid date '2026-3-4': expected a YYYY-MM-DD calendar date",
    });
    expect(
      await refusal(full.client.getWeeklyReport({ date: "2026-03-04", analystId: "chen-yu", lang: "de" })),
    ).toEqual({
      code: Code.InvalidArgument,
      message: "invalid lang 'de': must be one of en, zh",
    });
  });
});

describe("a report row whose body is missing", () => {
  it("is DataLoss, not NotFound", async () => {
    await full.db.owner.query(
      `INSERT INTO reports.reports (report_id, kind, analyst_id, work_date, lang, object_key, archived_at)
       VALUES ('orphan', 'weekly', 'orphan-analyst', '2026-03-04', 'en', 'reports/missing.md', 1)`,
    );
    expect(await refusal(full.client.getWeeklyReport({ date: "2026-03-04", analystId: "orphan-analyst" }))).toEqual({
      code: Code.DataLoss,
      message: "archived body reports/missing.md is missing from the object store",
    });
    await full.db.owner.query(`DELETE FROM reports.reports WHERE report_id = 'orphan'`);
  });
});
