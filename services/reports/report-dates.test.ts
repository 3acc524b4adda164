/** ListReportDates: the work dates a client may ask a report for, newest first, through the Connect router transport. */
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillReportsDataset, TODAY_NOW } from "../../test/fixtures/reports-dataset.js";
import { refusal, startReportsService, type ReportsHarness } from "../../test/fixtures/reports.js";

let h: ReportsHarness;
beforeAll(async () => {
  h = await startReportsService({ fill: fillReportsDataset, now: () => TODAY_NOW });
});
afterAll(async () => h?.close());

const dates = async (req: { kind: string; analystId?: string; prefix?: string; limit: number }) =>
  (await h.client.listReportDates(req)).workDates;

describe("ListReportDates", () => {
  it("lists the daily editor's dates once each, newest first, whatever the language; other analysts' dailies do not count", async () => {
    expect(await dates({ kind: "daily", limit: 10 })).toEqual(["2026-03-03", "2026-03-02", "2026-03-01"]);
    expect(await dates({ kind: "daily", limit: 2 })).toEqual(["2026-03-03", "2026-03-02"]);
    expect(await dates({ kind: "daily", prefix: "2026-03-0", limit: 10 })).toEqual([
      "2026-03-03",
      "2026-03-02",
      "2026-03-01",
    ]);
    expect(await dates({ kind: "daily", prefix: "2026-03-02", limit: 10 })).toEqual(["2026-03-02"]);
    expect(await dates({ kind: "daily", prefix: "2025", limit: 10 })).toEqual([]);
  });

  it("lists weekly dates of every author, or of one", async () => {
    expect(await dates({ kind: "weekly", analystId: "chen-yu", limit: 10 })).toEqual([
      "2026-03-06",
      "2026-03-04",
      "2026-03-02",
    ]);
    expect(await dates({ kind: "weekly", analystId: "nobody", limit: 10 })).toEqual([]);
    expect((await dates({ kind: "weekly", limit: 100 }))[0]).toBe("2026-03-09");
  });

  it("refuses an unknown kind, a prefix that is not a date's beginning, a limit out of range, and an analyst on dailies", async () => {
    expect(await refusal(h.client.listReportDates({ kind: "monthly", limit: 1 }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid kind 'monthly': must be daily or weekly",
    });
    expect(await refusal(h.client.listReportDates({ kind: "daily", prefix: "2026%", limit: 1 }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid prefix: expected the beginning of a YYYY-MM-DD date",
    });
    expect(await refusal(h.client.listReportDates({ kind: "daily", limit: 0 }))).toEqual({
      code: Code.InvalidArgument,
      message: "limit must be 1 to 1001",
    });
    expect(await refusal(h.client.listReportDates({ kind: "daily", analystId: "x", limit: 1 }))).toEqual({
      code: Code.InvalidArgument,
      message: "analyst_id applies to weekly reports only",
    });
  });
});
