/**
 * Golden tests of every tear-sheet statistic against values computed independently in python from the reference
 * formulas of empyrical and quantstats (golden/tear_sheet_reference.py), on short, long, flat, all-negative and
 * gapped series. The cases are rebuilt here from the same integers, so both sides start from identical NAVs.
 */
import { describe, expect, it } from "vitest";
import { GOLDEN } from "./golden/tear-sheet-golden.js";
import type { NavPoint } from "./metrics.js";
import { normalCdf, normalQuantile } from "./stats.js";
import { computeTearSheet, type TearSheetValues } from "./tear-sheet.js";
import { sgTime } from "../../test/fixtures/portfolio.js";

type Golden = (typeof GOLDEN)["short"];

function weekdays(start: string, n: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); out.length < n; t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

function noise(seed: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    seed = (seed * 48271) % 2147483647;
    out.push((seed % 2001) - 1000);
  }
  return out;
}

const navsOf = (returns: number[], start: number) =>
  returns.reduce((navs, r) => (navs.push(navs[navs.length - 1]! * (1 + r)), navs), [start]);
const points = (dates: string[], navs: number[]): NavPoint[] =>
  dates.map((date, i) => ({ at: sgTime(date, "17:00"), nav: navs[i]! }));

/** The same five cases as the python script. */
function longCase() {
  const dates = weekdays("2023-01-02", 840);
  const b = noise(7, 839).map((x) => x / 80000 + 0.0002);
  const benchNavs = navsOf(b, 3000);
  const own = noise(42, 799);
  const navs = navsOf(
    own.map((x, i) => x / 100000 + 0.7 * b[i]! + 0.0001),
    100,
  );
  const keep = dates.map((_, i) => i).filter((i) => !(i >= 600 && i < 615));
  return {
    series: points(dates.slice(0, 800), navs),
    benchmark: keep.map((i) => ({ at: sgTime(dates[i]!, "17:00"), nav: benchNavs[i]! })),
  };
}

const CASES: Record<
  "short" | "long" | "flat" | "negative" | "gapped",
  { series: NavPoint[]; benchmark: NavPoint[] | null }
> = {
  short: { series: points(weekdays("2026-03-02", 6), [100, 102, 99, 101, 98, 103]), benchmark: null },
  long: longCase(),
  flat: { series: points(weekdays("2026-03-02", 10), Array(10).fill(100)), benchmark: null },
  negative: { series: points(weekdays("2026-03-02", 10), [100, 99, 93, 86, 85, 77, 75, 70, 64, 61]), benchmark: null },
  gapped: {
    series: points(
      [
        "2025-12-30",
        "2026-01-05",
        "2026-01-06",
        "2026-01-20",
        "2026-02-03",
        "2026-02-27",
        "2026-03-31",
        "2026-04-01",
        "2026-05-15",
        "2026-07-01",
      ],
      [100, 97, 99, 104, 101, 95, 96, 108, 103, 110],
    ),
    benchmark: null,
  },
};

/** Equal to 1e-9, relative above 1; null only where the reference is null (None). */
function near(actual: number | null, expected: number | null, label: string) {
  if (expected === null) return expect(actual, label).toBeNull();
  expect(actual, label).not.toBeNull();
  expect(Math.abs(actual! - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(expected)),
  );
}

const sheetOf = (name: keyof typeof CASES, trialSharpes: readonly number[] = []) =>
  computeTearSheet({ ...CASES[name], seriesVersion: "7", trialSharpes });

function expectGolden(t: TearSheetValues, g: Golden) {
  const p = t.periodReturns;
  const gp = g.period_returns;
  near(p.mtd, gp.mtd, "mtd");
  near(p.qtd, gp.qtd, "qtd");
  near(p.ytd, gp.ytd, "ytd");
  near(p.oneYear, gp.one_year, "1y");
  near(p.threeYear, gp.three_year, "3y");
  near(p.sinceInception, gp.since_inception, "since inception");

  expect(t.monthlyReturns.map((m) => [m.year, m.month])).toEqual(g.monthly.map(([y, m]) => [y, m]));
  t.monthlyReturns.forEach((m, i) => near(m.ret, g.monthly[i]![2], `month ${m.year}-${m.month}`));

  expect(t.drawdowns.map((d) => [d.peakDate, d.troughDate, d.recoveryDate, d.lengthDays])).toEqual(
    g.drawdowns.map((d) => [d.peak, d.trough, d.recovery, d.days]),
  );
  t.drawdowns.forEach((d, i) => near(d.depth, g.drawdowns[i]!.depth, `drawdown ${i}`));

  const r = t.risk;
  const gr = g.risk;
  near(r.beta, gr.beta, "beta");
  near(r.correlation, gr.correlation, "correlation");
  near(r.trackingError, gr.tracking_error, "tracking error");
  near(r.informationRatio, gr.information_ratio, "information ratio");
  near(r.valueAtRisk95, gr.var95, "VaR 95");
  near(r.conditionalValueAtRisk95, gr.cvar95, "CVaR 95");
  near(r.tailRatio, gr.tail_ratio, "tail ratio");
  near(r.omega, gr.omega, "omega");
  near(r.ulcerIndex, gr.ulcer, "ulcer index");
  near(r.skew, gr.skew, "skew");
  near(r.kurtosis, gr.kurtosis, "kurtosis");
  near(r.winRate, gr.win_rate, "win rate");
  near(r.probabilisticSharpe, gr.psr, "probabilistic Sharpe");

  expect(t.rolling.map((w) => w.window)).toEqual([63, 126, 252]);
  for (const w of t.rolling) {
    const gw = g.rolling[String(w.window) as "63"];
    expect(w.points, `rolling ${w.window}`).toHaveLength(gw.count);
    for (const [index, [date, sharpe, vol, beta]] of Object.entries(
      gw.at as Record<string, readonly [string, number | null, number, number | null]>,
    )) {
      const point = w.points[Number(index)]!;
      expect(point.date).toBe(date);
      near(point.sharpe, sharpe, `rolling ${w.window} sharpe @${index}`);
      near(point.volatility, vol, `rolling ${w.window} vol @${index}`);
      near(point.beta, beta, `rolling ${w.window} beta @${index}`);
    }
  }
}

describe("computeTearSheet against the python reference", () => {
  for (const name of ["short", "long", "flat", "negative", "gapped"] as const) {
    it(`the ${name} series`, () => expectGolden(sheetOf(name), GOLDEN[name] as Golden));
  }

  it("the long series: a rolling window holds every point from its first full window, beta null across the benchmark's gap", () => {
    const t = sheetOf("long");
    const w63 = t.rolling[0]!.points;
    expect(w63).toHaveLength(800 - 63);
    expect(w63.filter((p) => p.beta === null).length).toBeGreaterThan(0);
    expect(w63.every((p) => p.sharpe !== null && p.volatility !== null)).toBe(true);
  });

  it("the flat series has no deviation: every ratio is null and the loss figures are 0", () => {
    const t = sheetOf("flat");
    expect(t.risk).toEqual({
      beta: null,
      correlation: null,
      trackingError: null,
      informationRatio: null,
      valueAtRisk95: 0,
      conditionalValueAtRisk95: 0,
      tailRatio: null,
      omega: null,
      ulcerIndex: 0,
      skew: null,
      kurtosis: null,
      winRate: null,
      probabilisticSharpe: null,
    });
    expect(t.drawdowns).toEqual([]);
  });

  it("short series have no rolling points, and 1Y/3Y are null while the series is younger", () => {
    for (const name of ["short", "flat", "negative", "gapped"] as const) {
      const t = sheetOf(name);
      expect(t.rolling.map((w) => w.points.length)).toEqual([0, 0, 0]);
      expect(t.periodReturns.oneYear).toBeNull();
      expect(t.periodReturns.threeYear).toBeNull();
    }
  });

  it("an empty and a one-point series: nothing but nulls and empty tables", () => {
    for (const series of [[], [{ at: sgTime("2026-03-02", "17:00"), nav: 100 }]]) {
      const t = computeTearSheet({ series, benchmark: null, seriesVersion: "0", trialSharpes: [1, 2] });
      expect(t.periodReturns).toEqual({
        mtd: null,
        qtd: null,
        ytd: null,
        oneYear: null,
        threeYear: null,
        sinceInception: null,
      });
      expect(t.monthlyReturns).toEqual([]);
      expect(t.drawdowns).toEqual([]);
      expect(Object.values(t.risk).every((v) => v === null)).toBe(true);
      expect(t.deflatedSharpe.deflatedSharpe).toBeNull();
      expect(t.methodology.asOf).toBe(series.length ? "2026-03-02" : null);
    }
  });
});

describe("the deflated Sharpe ratio against the python reference", () => {
  const g = GOLDEN.deflated;

  it("deflates the long series' Sharpe for the best of 26 trials", () => {
    const t = sheetOf("long", g.trials);
    expect(t.deflatedSharpe.trials).toBe(26);
    near(t.deflatedSharpe.trialsSharpeStd, g.trials_sharpe_std, "trials' Sharpe deviation");
    near(t.deflatedSharpe.expectedMaxSharpe, g.expected_max_sharpe, "expected maximum Sharpe");
    near(t.deflatedSharpe.deflatedSharpe, g.deflated_sharpe, "deflated Sharpe");
    // Deflating never raises the probability: the threshold is above 0.
    expect(t.deflatedSharpe.deflatedSharpe!).toBeLessThan(t.risk.probabilisticSharpe!);
  });

  it("is null under two trials", () => {
    const t = sheetOf("long", [1.2]);
    expect(t.deflatedSharpe).toEqual({
      trials: 1,
      trialsSharpeStd: null,
      expectedMaxSharpe: null,
      deflatedSharpe: null,
    });
  });
});

describe("the normal distribution against python's statistics.NormalDist", () => {
  it("Φ to 1e-15 absolute, and relative in the far tail", () => {
    for (const [x, p] of GOLDEN.normal.cdf) {
      expect(Math.abs(normalCdf(x) - p)).toBeLessThanOrEqual(Math.max(1e-15, 1e-12 * p));
    }
  });

  it("Φ⁻¹ to 1e-12", () => {
    for (const [p, x] of GOLDEN.normal.quantile)
      expect(Math.abs(normalQuantile(p) - x)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(x)));
  });
});

describe("the methodology", () => {
  it("states every assumption and the series it was computed from", () => {
    const t = sheetOf("long");
    expect(t.methodology).toMatchObject({
      riskFreeRate: 0,
      periodsPerYear: 252,
      seriesVersion: "7",
      asOf: "2026-01-23",
    });
    for (const text of [
      t.methodology.returns,
      t.methodology.compounding,
      t.methodology.calendar,
      t.methodology.benchmarkWindow,
    ]) {
      expect(text.length).toBeGreaterThan(40);
    }
    expect(t.methodology.nulls.length).toBeGreaterThan(3);
  });
});
