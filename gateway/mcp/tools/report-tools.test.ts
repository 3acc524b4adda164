/**
 * Reports, shared data and portfolios as tools, over the reports and portfolio services' own datasets: the REST
 * resources as tool answers (markdown as a member), output schemas, the bounded leaderboard, not_found refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GetMetricsResponseSchema,
  GetSeriesResponseSchema,
  TearSheetSchema,
} from "../../../gen/institute/portfolio/v1/portfolio_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { sha256Hex } from "../../../lib/object-store/object-store.js";
import { fillPortfolios, LEADERBOARD_ORDER } from "../../../test/fixtures/portfolio.js";
import {
  DAILY,
  fillReportsDataset,
  FX_JSON,
  SNAPSHOTS,
  TODAY_NOW,
  TOPICS,
  WEEKLY,
} from "../../../test/fixtures/reports-dataset.js";
import { EDITOR } from "../../../test/fixtures/reports.js";
import { refusal, startToolHarness, type ToolHarness } from "../../../test/helpers/tool-harness.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness({
    fill: async (owner) => {
      await fillReportsDataset(owner);
      await fillPortfolios(owner);
    },
    now: () => TODAY_NOW,
    env: { DAILY_EDITOR_ID: EDITOR },
  });
});
afterAll(() => h?.close());

const bound = (limit: number, returned: number, has_more: boolean) => ({ limit, returned, has_more, exact: true });
/** A document short enough to come back in one window. */
const whole = (body: string) => ({ offset: 0, total_chars: [...body].length, truncated: false, next_offset: null });
const doc = (r: { body: string; archivedAt: number }) => ({
  markdown: r.body,
  sha256: sha256Hex(r.body),
  last_modified: r.archivedAt,
  ...whole(r.body),
});

describe("reports", () => {
  it("reports_daily: the editor's latest English draft, else the language-agnostic one; exactly the language asked", async () => {
    expect(await h.call("reports_daily", { date: "2026-03-03" })).toEqual({
      date: "2026-03-03",
      ...doc(DAILY.mar03EnFinal),
    });
    expect(await h.call("reports_daily", { date: "2026-03-03", lang: "zh" })).toEqual({
      date: "2026-03-03",
      ...doc(DAILY.mar03Zh),
    });
    expect(await h.call("reports_daily", { date: "2026-03-02" })).toEqual({
      date: "2026-03-02",
      ...doc(DAILY.mar02Plain),
    });
    expect(await refusal(h.call("reports_daily", { date: "2026-03-05" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "no daily report for 2026-03-05",
    });
  });

  it("reports_daily in windows: max_chars and offset walk the report whole, each window reporting where the next starts", async () => {
    const body = DAILY.mar03Zh.body;
    const total = [...body].length;
    const parts: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const w = await h.call("reports_daily", { date: "2026-03-03", lang: "zh", max_chars: 5, offset });
      expect(w).toMatchObject({
        date: "2026-03-03",
        sha256: sha256Hex(body),
        offset,
        total_chars: total,
        truncated: w.next_offset !== null,
      });
      expect([...w.markdown].length).toBeLessThanOrEqual(5);
      parts.push(w.markdown);
      offset = w.next_offset;
    }
    expect(parts.join("")).toBe(body);
    expect(parts.length).toBeGreaterThan(1);
    expect(await refusal(h.callRaw("reports_daily", { date: "2026-03-03", max_chars: 0 }))).toMatchObject({
      category: "validation",
      argument: "max_chars",
    });
  });

  it("reports_weekly_index and reports_weekly_author", async () => {
    expect(await h.call("reports_weekly_index", { date: "2026-03-05" })).toEqual({
      week_start: "2026-03-02",
      week_end: "2026-03-08",
      count: 4,
      authors: [
        {
          analyst_id: "Zhou-Q",
          work_date: "2026-03-03",
          languages: ["en"],
          report_url: "/api/v1/reports/weekly/2026-03-03/Zhou-Q",
        },
        {
          analyst_id: "ana-m",
          work_date: "2026-03-08",
          languages: ["plain"],
          report_url: "/api/v1/reports/weekly/2026-03-08/ana-m",
        },
        {
          analyst_id: "chen-yu",
          work_date: "2026-03-06",
          languages: ["en", "zh"],
          report_url: "/api/v1/reports/weekly/2026-03-06/chen-yu",
        },
        {
          analyst_id: "dmitri",
          work_date: "2026-03-05",
          languages: ["en"],
          report_url: "/api/v1/reports/weekly/2026-03-05/dmitri",
        },
      ],
    });
    expect(await h.call("reports_weekly_author", { date: "2026-03-02", analyst_id: "dmitri" })).toEqual({
      date: "2026-03-02",
      analyst_id: "dmitri",
      ...doc(WEEKLY.dmitriFinal),
    });
    expect(await h.call("reports_weekly_author", { date: "2026-03-08", analyst_id: "chen-yu", lang: "zh" })).toEqual({
      date: "2026-03-08",
      analyst_id: "chen-yu",
      ...doc(WEEKLY.chenZh),
    });
    expect(await refusal(h.call("reports_weekly_author", { date: "2026-03-05", analyst_id: "b-lee" }))).toMatchObject({
      category: "permanent",
      code: "not_found",
    });
  });

  it("reports_fleet_health: the latest snapshot", async () => {
    const s = SNAPSHOTS.latest;
    expect(await h.call("reports_fleet_health")).toEqual({
      markdown: s.body,
      sha256: sha256Hex(s.body),
      last_modified: s.generatedAt,
      ...whole(s.body),
    });
  });

  it("reports_latest: the daily within three days, this week's count, the top five by Sharpe", async () => {
    const latest = await h.call("reports_latest");
    expect(latest).toMatchObject({
      generated_at: TODAY_NOW,
      work_date: "2026-03-05",
      daily: { work_date: "2026-03-03", report_url: "/api/v1/reports/daily/2026-03-03" },
      weekly: { week_start: "2026-03-02", week_end: "2026-03-08", count: 4 },
    });
    expect(latest.leaderboard.map((r: { portfolio_id: string }) => r.portfolio_id)).toEqual(
      LEADERBOARD_ORDER.slice(0, 5),
    );
  });
});

describe("shared data", () => {
  it("data_list_topics and data_get_topic", async () => {
    const bytes = (json: string) => Buffer.byteLength(json);
    expect(await h.call("data_list_topics", { date: "2026-03-05" })).toEqual({
      date: "2026-03-05",
      available: [
        { topic: "fx", bytes: bytes(TOPICS.fx.json), fetched_at: null },
        { topic: "rates", bytes: bytes(TOPICS.rates.json), fetched_at: "2026-03-04T22:30:00.000Z" },
        { topic: "equities", bytes: bytes(TOPICS.equities.json), fetched_at: "2026-03-04T22:31:05.250Z" },
        { topic: "alt-data", bytes: 2, fetched_at: "2026-03-04T22:40:00.000Z" },
      ],
      known_topics: ["fx", "rates", "equities"],
    });
    expect(await h.call("data_get_topic", { date: "2026-03-05", topic: "fx.json" })).toEqual({
      date: "2026-03-05",
      topic: "fx",
      document: JSON.parse(FX_JSON),
    });
    expect(await refusal(h.call("data_get_topic", { date: "2026-03-06", topic: "fx" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "no shared data for 2026-03-06",
    });
  });
});

describe("portfolios", () => {
  const metricsOf = async (id: string) =>
    protoToJson(GetMetricsResponseSchema, await h.clients.portfolio.getMetrics({ portfolioId: id })).metrics;

  it("portfolios_leaderboard: by Sharpe, each row the portfolio's metrics, bounded", async () => {
    const all = await h.call("portfolios_leaderboard");
    expect(all.bound).toEqual(bound(30, LEADERBOARD_ORDER.length, false));
    expect(all.leaderboard).toEqual(await Promise.all(LEADERBOARD_ORDER.map(metricsOf)));
    const top = await h.call("portfolios_leaderboard", { limit: 2 });
    expect(top).toEqual({ leaderboard: all.leaderboard.slice(0, 2), count: 2, bound: bound(2, 2, true) });
  });

  it("portfolios_metrics and portfolios_compare", async () => {
    expect(await h.call("portfolios_metrics", { portfolio_id: "p-empty" })).toEqual({
      portfolio_id: "p-empty",
      n_snapshots: 0,
      n_returns: 0,
      first_at: null,
      last_at: null,
      start_nav: null,
      latest_nav: null,
      total_return_pct: null,
      annualized_return_pct: null,
      annualized_vol_pct: null,
      sharpe: null,
      sortino: null,
      calmar: null,
      max_drawdown_pct: null,
      current_drawdown_pct: null,
      best_day_pct: null,
      worst_day_pct: null,
      benchmark_id: "bench-sti",
      benchmark_return_pct: null,
      alpha_pct: null,
    });
    expect(await h.call("portfolios_compare", { portfolio_ids: ["p-beta", "bench-sti"] })).toEqual({
      portfolios: [await metricsOf("p-beta"), await metricsOf("bench-sti")],
    });
    expect(await refusal(h.call("portfolios_compare", { portfolio_ids: ["p-beta", "p-none"] }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "unknown portfolio: p-none",
    });
  });

  it("portfolios_series and portfolios_tear_sheet answer what the service computes, and refuse what it refuses", async () => {
    const series = await h.call("portfolios_series", { portfolio_id: "p-alpha", from: "2026-03-04", to: "2026-03-05" });
    expect(series).toEqual(
      protoToJson(
        GetSeriesResponseSchema,
        await h.clients.portfolio.getSeries({ portfolioId: "p-alpha", from: "2026-03-04", to: "2026-03-05" }),
      ),
    );
    expect(series.points.map((p: { date: string }) => p.date)).toEqual(["2026-03-04", "2026-03-05"]);
    const sheet = await h.call("portfolios_tear_sheet", { portfolio_id: "p-alpha" });
    expect(sheet).toEqual(
      protoToJson(TearSheetSchema, (await h.clients.portfolio.getTearSheet({ portfolioId: "p-alpha" })).tearSheet),
    );
    expect(sheet.metrics).toEqual(await metricsOf("p-alpha"));
    expect(sheet.deflated_sharpe.trials).toBe(4);
    expect(await refusal(h.call("portfolios_tear_sheet", { portfolio_id: "p-none" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "unknown portfolio: p-none",
    });
    expect(
      await refusal(h.call("portfolios_series", { portfolio_id: "p-alpha", from: "2026-03-05", to: "2026-03-04" })),
    ).toMatchObject({
      category: "validation",
      message: "from must not be after to",
    });
  });
});
