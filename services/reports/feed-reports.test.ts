/**
 * ListFeedReports through the in-memory router: the refusals an internal caller gets without the gateway's schemas,
 * and the choice of copy per period (the same as the report routes').
 */
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addReport,
  EDITOR,
  refusal,
  sgt,
  startReportsService,
  type ReportsHarness,
} from "../../test/fixtures/reports.js";

let h: ReportsHarness;
beforeAll(async () => {
  h = await startReportsService({
    now: () => sgt("2026-03-06T10:00"),
    fill: async (owner) => {
      await addReport(owner, {
        id: "a",
        kind: "daily",
        analyst: EDITOR,
        date: "2026-03-02",
        lang: "plain",
        archivedAt: sgt("2026-03-02T20:00"),
        body: "plain",
      });
      await addReport(owner, {
        id: "b",
        kind: "daily",
        analyst: EDITOR,
        date: "2026-03-02",
        lang: "en",
        archivedAt: sgt("2026-03-02T18:00"),
        body: "english",
      });
      await addReport(owner, {
        id: "c",
        kind: "daily",
        analyst: EDITOR,
        date: "2026-03-03",
        lang: "en",
        archivedAt: sgt("2026-03-03T18:00"),
        body: "third",
      });
    },
  });
});
afterAll(() => h?.close());

describe("ListFeedReports", () => {
  it("prefers English over the later language-agnostic copy, newest date first, up to limit", async () => {
    const { reports } = await h.client.listFeedReports({ kind: "daily", lang: "en", limit: 50 });
    expect(reports.map((r) => [r.workDate, r.lang, r.document?.body])).toEqual([
      ["2026-03-03", "en", "third"],
      ["2026-03-02", "en", "english"],
    ]);
    expect((await h.client.listFeedReports({ kind: "daily", lang: "en", limit: 1 })).reports).toHaveLength(1);
    expect((await h.client.listFeedReports({ kind: "daily", lang: "zh", limit: 5 })).reports).toEqual([]);
  });

  it("refuses a bad kind, language, limit or analyst as InvalidArgument", async () => {
    const cases = [
      [{ kind: "monthly", lang: "en", limit: 5 }, "invalid kind 'monthly': must be daily or weekly"],
      [{ kind: "daily", lang: "fr", limit: 5 }, "lang must be en or zh"],
      [{ kind: "daily", lang: "en", limit: 0 }, "limit must be 1 to 50"],
      [{ kind: "daily", lang: "en", limit: 51 }, "limit must be 1 to 50"],
      [{ kind: "weekly", lang: "en", limit: 5, analystId: "" }, "missing analyst_id"],
    ] as const;
    for (const [request, message] of cases)
      expect(await refusal(h.client.listFeedReports(request))).toEqual({ code: Code.InvalidArgument, message });
    expect(
      await refusal(h.client.listFeedReports({ kind: "weekly", analystId: "nobody", lang: "en", limit: 5 })),
    ).toEqual({
      code: Code.NotFound,
      message: "nobody has not published a weekly report",
    });
  });
});
