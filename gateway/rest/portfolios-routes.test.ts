import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeMetrics, type MetricValues } from "../../services/portfolio/metrics.js";
import { fillPortfolios, fixture, LEADERBOARD_ORDER, sgTime, utc } from "../../test/fixtures/portfolio.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ fill: (db) => fillPortfolios(db.owner) });
  key = await gw.key(["portfolios:read"]);
});
afterAll(() => gw?.close());

/** GET with the test's key, another key, or none (null). */
const get = (url: string, apiKey: string | null = key) =>
  gw.app.inject({ url, headers: apiKey === null ? {} : { "x-api-key": apiKey } });

/** The spec's PortfolioMetrics JSON of a fixture, from the pure metrics of its expected daily series. */
function expectedJson(id: string) {
  const p = fixture(id);
  const m: MetricValues = computeMetrics(p.daily, p.benchmarkId ? fixture(p.benchmarkId).daily : null);
  return {
    portfolio_id: id,
    n_snapshots: m.nSnapshots,
    n_returns: m.nReturns,
    first_at: m.firstAt,
    last_at: m.lastAt,
    start_nav: m.startNav,
    latest_nav: m.latestNav,
    total_return_pct: m.totalReturnPct,
    annualized_return_pct: m.annualizedReturnPct,
    annualized_vol_pct: m.annualizedVolPct,
    sharpe: m.sharpe,
    sortino: m.sortino,
    calmar: m.calmar,
    max_drawdown_pct: m.maxDrawdownPct,
    current_drawdown_pct: m.currentDrawdownPct,
    best_day_pct: m.bestDayPct,
    worst_day_pct: m.worstDayPct,
    benchmark_id: p.benchmarkId,
    benchmark_return_pct: m.benchmarkReturnPct,
    alpha_pct: m.alphaPct,
  };
}

describe("GET /api/v1/portfolios/leaderboard", () => {
  it("lists every persona portfolio by Sharpe, descending, nulls last, with every field present", async () => {
    const res = await get("/api/v1/portfolios/leaderboard");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = res.json();
    expect(body).toEqual({ leaderboard: LEADERBOARD_ORDER.map(expectedJson), count: 7 });
    expect(body.leaderboard.map((m: { portfolio_id: string }) => m.portfolio_id)).toEqual([
      "p-alpha",
      "p-delta",
      "p-gamma",
      "p-beta",
      "p-empty",
      "p-flat",
      "p-lone",
    ]);
    expect(body.leaderboard.map((m: { sharpe: number | null }) => m.sharpe === null)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    for (const m of body.leaderboard) expect(Object.keys(m)).toHaveLength(20);
  });
});

describe("GET /api/v1/portfolios/{portfolioId}/metrics", () => {
  it("answers the metrics of the daily series (last snapshot of each Singapore work date)", async () => {
    const res = await get("/api/v1/portfolios/p-alpha/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const r = [104 / 100 - 1, 102 / 104 - 1, 106 / 102 - 1];
    const mean = (r[0]! + r[1]! + r[2]!) / 3;
    const std = Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / 2);
    const downside = Math.sqrt(r[1]! ** 2 / 3);
    const annualized = 1.06 ** 84 - 1;
    const close = (x: number) => expect.closeTo(x, 9);
    expect(res.json()).toEqual({
      portfolio_id: "p-alpha",
      n_snapshots: 4,
      n_returns: 3,
      first_at: sgTime("2026-03-03", "09:00"),
      last_at: sgTime("2026-03-06", "17:00"),
      start_nav: 100,
      latest_nav: 106,
      total_return_pct: close(6),
      annualized_return_pct: close(annualized * 100),
      annualized_vol_pct: close(std * Math.sqrt(252) * 100),
      sharpe: close((mean / std) * Math.sqrt(252)),
      sortino: close((mean * 252) / (downside * Math.sqrt(252))),
      calmar: close(annualized / (1 - 102 / 104)),
      max_drawdown_pct: close((102 / 104 - 1) * 100),
      current_drawdown_pct: 0,
      best_day_pct: close(4),
      worst_day_pct: close((102 / 104 - 1) * 100),
      benchmark_id: "bench-sti",
      benchmark_return_pct: close((1040 / 1010 - 1) * 100),
      alpha_pct: close(6 - (1040 / 1010 - 1) * 100),
    });
    // The 03-05 point is the 23:30 UTC snapshot of 03-04, which is 07:30 on 03-05 in Singapore.
    expect(fixture("p-alpha").daily[2]!.at).toBe(utc("2026-03-04T23:30:00"));
  });

  it("answers nulls, never omitted keys, where a value is undefined", async () => {
    const res = await get("/api/v1/portfolios/p-lone/metrics");
    expect(res.statusCode).toBe(200);
    const at = sgTime("2026-03-03", "16:00");
    expect(res.json()).toEqual({
      portfolio_id: "p-lone",
      n_snapshots: 1,
      n_returns: 0,
      first_at: at,
      last_at: at,
      start_nav: 100,
      latest_nav: 100,
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
    const flat = (await get("/api/v1/portfolios/p-flat/metrics")).json();
    expect(flat).toEqual(expectedJson("p-flat"));
    expect(flat).toMatchObject({
      sharpe: null,
      sortino: null,
      calmar: null,
      annualized_vol_pct: 0,
      max_drawdown_pct: 0,
      benchmark_id: null,
    });
  });

  it("answers for the benchmark portfolio as well", async () => {
    const res = await get("/api/v1/portfolios/bench-sti/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expectedJson("bench-sti"));
  });

  it("is 404 with an ErrorResponse for an unknown portfolio", async () => {
    const res = await get("/api/v1/portfolios/no-such-portfolio/metrics");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.json()).toEqual({ error: "unknown portfolio: no-such-portfolio" });
    expect((await get("/api/v1/portfolios/p%20alpha/metrics")).json()).toEqual({ error: "unknown portfolio: p alpha" });
  });
});

describe("portfolio routes: credentials and methods", () => {
  const urls = [
    "/api/v1/portfolios/leaderboard",
    "/api/v1/portfolios/p-alpha/metrics",
    "/api/v1/portfolios/no-such-portfolio/metrics",
  ];

  it("answers 401 without a key or with an invalid one", async () => {
    for (const url of urls) {
      const missing = await get(url, null);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
      const invalid = await get(url, "sk_ins_not-a-real-key");
      expect(invalid.statusCode).toBe(401);
      expect(invalid.json()).toEqual({ error: "invalid API key" });
    }
  });

  it("answers 403 naming portfolios:read to a key without it", async () => {
    const narrow = await gw.key(["reports:read", "analysts:read"]);
    for (const url of urls) {
      const res = await get(url, narrow);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: "missing scope: portfolios:read",
        required: "portfolios:read",
        granted: ["analysts:read", "reports:read"],
      });
    }
  });

  it("answers 405 with Allow for another method", async () => {
    const res = await gw.app.inject({
      method: "POST",
      url: "/api/v1/portfolios/leaderboard",
      headers: { "x-api-key": key },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(res.json()).toEqual({ error: "method POST not allowed on /api/v1/portfolios/leaderboard" });
  });
});
