/**
 * GET /api/v1/portfolios/{portfolioId}/series and /tear-sheet through the gateway over the shared portfolio
 * fixtures: exact bodies where they are small, the deflated Sharpe across the persona portfolios, and every refusal
 * as an ErrorResponse.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deflatedSharpe } from "../../services/portfolio/deflated-sharpe.js";
import { computeMetrics } from "../../services/portfolio/metrics.js";
import { periodSharpe } from "../../services/portfolio/risk-statistics.js";
import { fillPortfolios, fixture, PORTFOLIOS, sgTime, utc } from "../../test/fixtures/portfolio.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ fill: (db) => fillPortfolios(db.owner) });
  key = await gw.key(["portfolios:read"]);
});
afterAll(() => gw?.close());

const get = (url: string, apiKey: string | null = key) =>
  gw.app.inject({ url, headers: apiKey === null ? {} : { "x-api-key": apiKey } });
const close = (x: number) => expect.closeTo(x, 9);

describe("GET /api/v1/portfolios/{portfolioId}/series", () => {
  const alphaPoints = [
    {
      date: "2026-03-03",
      at: sgTime("2026-03-03", "09:00"),
      nav: 100,
      return_pct: null,
      drawdown_pct: 0,
      benchmark_nav: 1010,
    },
    {
      date: "2026-03-04",
      at: sgTime("2026-03-04", "17:00"),
      nav: 104,
      return_pct: close(4),
      drawdown_pct: 0,
      benchmark_nav: 1030,
    },
    {
      date: "2026-03-05",
      at: utc("2026-03-04T23:30:00"),
      nav: 102,
      return_pct: close((102 / 104 - 1) * 100),
      drawdown_pct: close((102 / 104 - 1) * 100),
      benchmark_nav: 1020,
    },
    {
      date: "2026-03-06",
      at: sgTime("2026-03-06", "17:00"),
      nav: 106,
      return_pct: close((106 / 102 - 1) * 100),
      drawdown_pct: 0,
      benchmark_nav: 1040,
    },
  ];

  it("answers the daily series with return, drawdown and the benchmark's NAV on each work date", async () => {
    const res = await get("/api/v1/portfolios/p-alpha/series");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = res.json();
    expect(body).toEqual({
      portfolio_id: "p-alpha",
      benchmark_id: "bench-sti",
      series_version: expect.stringMatching(/^[1-9]\d*$/),
      points: alphaPoints,
      count: 4,
    });
  });

  it("selects work dates with from and to (inclusive); returns and drawdowns still refer to the whole series", async () => {
    const body = (await get("/api/v1/portfolios/p-alpha/series?from=2026-03-04&to=2026-03-05")).json();
    expect(body.points).toEqual(alphaPoints.slice(1, 3));
    expect(body.count).toBe(2);
    expect((await get("/api/v1/portfolios/p-alpha/series?from=2026-03-06")).json().points).toEqual(
      alphaPoints.slice(3),
    );
    expect((await get("/api/v1/portfolios/p-alpha/series?to=2026-03-02")).json()).toMatchObject({
      points: [],
      count: 0,
    });
  });

  it("has no benchmark NAV where the portfolio names none, and an empty series for a portfolio without snapshots", async () => {
    const flat = (await get("/api/v1/portfolios/p-flat/series")).json();
    expect(flat.benchmark_id).toBeNull();
    expect(
      flat.points.map((p: { benchmark_nav: unknown; return_pct: unknown }) => [p.benchmark_nav, p.return_pct]),
    ).toEqual([
      [null, null],
      [null, 0],
      [null, 0],
    ]);
    expect((await get("/api/v1/portfolios/p-empty/series")).json()).toEqual({
      portfolio_id: "p-empty",
      benchmark_id: "bench-sti",
      series_version: "0",
      points: [],
      count: 0,
    });
  });

  it("refuses bad bounds with 400 and an unknown portfolio with 404, as ErrorResponses", async () => {
    const cases: Array<[string, number, string]> = [
      ["/api/v1/portfolios/p-alpha/series?from=2026-03-05&to=2026-03-04", 400, "from must not be after to"],
      [
        "/api/v1/portfolios/p-alpha/series?from=2026-02-30",
        400,
        "invalid query parameter 'from': must match format \"date\"",
      ],
      [
        "/api/v1/portfolios/p-alpha/series?to=yesterday",
        400,
        "invalid query parameter 'to': must match pattern \"^\\d{4}-\\d{2}-\\d{2}$\"",
      ],
      ["/api/v1/portfolios/nope/series", 404, "unknown portfolio: nope"],
    ];
    for (const [url, status, error] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ error });
    }
  });
});

describe("GET /api/v1/portfolios/{portfolioId}/tear-sheet", () => {
  it("answers every section, with PortfolioMetrics as the metrics route does", async () => {
    const res = await get("/api/v1/portfolios/p-alpha/tear-sheet");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual([
      "portfolio_id",
      "metrics",
      "period_returns",
      "monthly_returns",
      "drawdowns",
      "rolling",
      "risk",
      "deflated_sharpe",
      "methodology",
    ]);
    expect(body.metrics).toEqual((await get("/api/v1/portfolios/p-alpha/metrics")).json());
    expect(body.period_returns).toEqual({
      mtd_pct: close(6),
      qtd_pct: close(6),
      ytd_pct: close(6),
      one_year_pct: null,
      three_year_pct: null,
      since_inception_pct: close(6),
    });
    expect(body.monthly_returns).toEqual([{ year: 2026, month: 3, return_pct: close(6) }]);
    expect(body.drawdowns).toEqual([
      {
        peak_date: "2026-03-04",
        trough_date: "2026-03-05",
        recovery_date: "2026-03-06",
        depth_pct: close((102 / 104 - 1) * 100),
        length_days: 2,
      },
    ]);
    expect(body.rolling).toEqual([63, 126, 252].map((window) => ({ window, points: [] })));
    // Three returns, all paired with the benchmark's.
    const p = [0.04, 102 / 104 - 1, 106 / 102 - 1];
    const b = [1030 / 1010 - 1, 1020 / 1030 - 1, 1040 / 1020 - 1];
    const active = p.map((x, i) => x - b[i]!);
    const m = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + (x - m(xs)) ** 2, 0) / (xs.length - 1));
    expect(body.risk).toMatchObject({
      tracking_error_pct: close(sd(active) * Math.sqrt(252) * 100),
      information_ratio: close((m(active) / sd(active)) * Math.sqrt(252)),
      win_rate_pct: close((2 / 3) * 100),
      omega: close((p[0]! + p[2]!) / -p[1]!),
      kurtosis: null,
      probabilistic_sharpe: null,
    });
    expect(body.methodology).toMatchObject({ risk_free_rate: 0, periods_per_year: 252, as_of: "2026-03-06" });
    const series = (await get("/api/v1/portfolios/p-alpha/series")).json();
    expect(body.methodology.series_version).toBe(series.series_version);
  });

  it("deflates across the persona portfolios that have a Sharpe ratio", async () => {
    const personas = PORTFOLIOS.filter((f) => f.kind === "persona");
    const sharpes = personas
      .map((f) => computeMetrics(f.daily, f.benchmarkId ? fixture(f.benchmarkId).daily : null).sharpe)
      .filter((s): s is number => s !== null);
    expect(sharpes).toHaveLength(4);
    const body = (await get("/api/v1/portfolios/p-gamma/tear-sheet")).json();
    const returns = [100.5 / 100 - 1, 100 / 100.5 - 1, 100.2 / 100 - 1];
    // Three returns: no kurtosis, so no deflated probability; the trials and their spread are there.
    const expected = deflatedSharpe(sharpes, {
      periodSharpe: periodSharpe(returns),
      nReturns: 3,
      skew: null,
      kurtosis: null,
    });
    expect(body.deflated_sharpe).toEqual({
      trials: 4,
      trials_sharpe_std: close(expected.trialsSharpeStd!),
      expected_max_sharpe: close(expected.expectedMaxSharpe!),
      deflated_sharpe: null,
    });
  });

  it("answers an empty portfolio with nulls and empty tables, never NaN", async () => {
    const res = await get("/api/v1/portfolios/p-empty/tear-sheet");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/[:,[](NaN|-?Infinity)\b/);
    const body = res.json();
    expect(body.monthly_returns).toEqual([]);
    expect(body.drawdowns).toEqual([]);
    expect(Object.values(body.risk).every((v) => v === null)).toBe(true);
    expect(body.methodology.as_of).toBeNull();
  });

  it("is 404 for an unknown portfolio, 401 without a key, 403 without portfolios:read", async () => {
    expect((await get("/api/v1/portfolios/nope/tear-sheet")).json()).toEqual({ error: "unknown portfolio: nope" });
    expect((await get("/api/v1/portfolios/nope/tear-sheet")).statusCode).toBe(404);
    expect((await get("/api/v1/portfolios/p-alpha/tear-sheet", null)).statusCode).toBe(401);
    const narrow = await gw.key(["reports:read"]);
    for (const url of ["/api/v1/portfolios/p-alpha/tear-sheet", "/api/v1/portfolios/p-alpha/series"]) {
      const res = await get(url, narrow);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: "missing scope: portfolios:read",
        required: "portfolios:read",
        granted: ["reports:read"],
      });
    }
  });
});
