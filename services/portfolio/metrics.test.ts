import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startOfWorkDate } from "../../lib/work-date.js";
import { computeMetrics, type MetricValues, type NavPoint } from "./metrics.js";

const DAY = 86_400_000;
/** 09:00 Singapore time on consecutive work dates from 2026-03-02. */
const at = (day: number) => startOfWorkDate("2026-03-02") + 9 * 3_600_000 + day * DAY;
const series = (navs: number[], firstDay = 0): NavPoint[] => navs.map((nav, i) => ({ at: at(firstDay + i), nav }));
const fromReturns = (start: number, returns: number[]) =>
  returns.reduce((navs, r) => [...navs, navs[navs.length - 1]! * (1 + r)], [start]);

const ROOT_YEAR = Math.sqrt(252);
const close = (x: number) => expect.closeTo(x, 9);
/** Equal to 1e-9 relative (absolute below 1). */
const expectNear = (actual: number | null, expected: number | null) => {
  if (expected === null) return expect(actual).toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
};

const ALL_NULL = {
  totalReturnPct: null,
  annualizedReturnPct: null,
  annualizedVolPct: null,
  sharpe: null,
  sortino: null,
  calmar: null,
  maxDrawdownPct: null,
  currentDrawdownPct: null,
  bestDayPct: null,
  worstDayPct: null,
  benchmarkReturnPct: null,
  alphaPct: null,
} as const;

describe("computeMetrics: the golden case", () => {
  const navs = fromReturns(100, [0, -0.06, -0.07, -0.01, -0.09, -0.02, -0.06, -0.08, -0.05]);
  const m = computeMetrics(series(navs));

  it("matches empyrical's Sharpe and Sortino to 1e-9", () => {
    expect(Math.abs(m.sharpe! - -24.406808633910085)).toBeLessThan(1e-9);
    expect(Math.abs(m.sortino! - -13.532743075043401)).toBeLessThan(1e-9);
  });

  it("has a max drawdown of -36.59073035%", () => {
    expect(Math.abs(m.maxDrawdownPct! - -36.59073035)).toBeLessThan(1e-6);
    // The peak is the starting NAV and the last point is the trough.
    expect(m.currentDrawdownPct).toBeCloseTo(m.maxDrawdownPct!, 12);
  });

  it("fills every other field from the same series", () => {
    const total = navs[9]! / 100 - 1;
    expect(m).toEqual({
      nSnapshots: 10,
      nReturns: 9,
      firstAt: at(0),
      lastAt: at(9),
      startNav: 100,
      latestNav: navs[9],
      totalReturnPct: close(total * 100),
      annualizedReturnPct: close(-99.99971141282427), // numpy: ((1 + total) ** (252 / 9) - 1) * 100
      annualizedVolPct: close(50.47771785649584), // numpy: r.std(ddof=1) * sqrt(252) * 100
      sharpe: close(-24.406808633910085),
      sortino: close(-13.532743075043401),
      calmar: close(-0.9999971141282427 / 0.365907303498736),
      maxDrawdownPct: close(total * 100),
      currentDrawdownPct: close(total * 100),
      bestDayPct: 0,
      worstDayPct: close(-9),
      benchmarkReturnPct: null,
      alphaPct: null,
    });
  });
});

describe("computeMetrics: hand-computed series", () => {
  it("an empty series has no dates and no values", () => {
    expect(computeMetrics([])).toEqual({
      nSnapshots: 0,
      nReturns: 0,
      firstAt: null,
      lastAt: null,
      startNav: null,
      latestNav: null,
      ...ALL_NULL,
    });
  });

  it("a single point has its date and NAV, and every return-based value null", () => {
    expect(computeMetrics(series([123.5]), series([10, 11, 12], -1))).toEqual({
      nSnapshots: 1,
      nReturns: 0,
      firstAt: at(0),
      lastAt: at(0),
      startNav: 123.5,
      latestNav: 123.5,
      ...ALL_NULL,
    });
  });

  it("two points: one return gives total, annualized, drawdowns, best and worst; no deviation-based ratio", () => {
    const m = computeMetrics(series([100, 90]));
    expect(m).toEqual({
      nSnapshots: 2,
      nReturns: 1,
      firstAt: at(0),
      lastAt: at(1),
      startNav: 100,
      latestNav: 90,
      totalReturnPct: close(-10),
      annualizedReturnPct: close((0.9 ** 252 - 1) * 100),
      annualizedVolPct: null,
      sharpe: null,
      sortino: null,
      calmar: close((0.9 ** 252 - 1) / 0.1),
      maxDrawdownPct: close(-10),
      currentDrawdownPct: close(-10),
      bestDayPct: close(-10),
      worstDayPct: close(-10),
      benchmarkReturnPct: null,
      alphaPct: null,
    });
  });

  it("a flat series has zero volatility and drawdown, so Sharpe, Sortino and Calmar are null", () => {
    expect(computeMetrics(series([100, 100, 100, 100]))).toEqual({
      nSnapshots: 4,
      nReturns: 3,
      firstAt: at(0),
      lastAt: at(3),
      startNav: 100,
      latestNav: 100,
      totalReturnPct: 0,
      annualizedReturnPct: 0,
      annualizedVolPct: 0,
      sharpe: null,
      sortino: null,
      calmar: null,
      maxDrawdownPct: 0,
      currentDrawdownPct: 0,
      bestDayPct: 0,
      worstDayPct: 0,
      benchmarkReturnPct: null,
      alphaPct: null,
    });
  });

  it("a rising series has no drawdown (0, Calmar null) and no downside (Sortino null)", () => {
    // r = .01, .02, -> mean .015, sample std sqrt(2 * .005^2) = .00707107
    const m = computeMetrics(series([100, 101, 103.02]));
    expect(m.maxDrawdownPct).toBe(0);
    expect(m.currentDrawdownPct).toBe(0);
    expect(m.calmar).toBeNull();
    expect(m.sortino).toBeNull();
    expect(m.sharpe).toBeCloseTo((0.015 / Math.sqrt(0.00005)) * ROOT_YEAR, 9);
    expect(m.annualizedVolPct).toBeCloseTo(Math.sqrt(0.00005) * ROOT_YEAR * 100, 9);
    expect(m.totalReturnPct).toBeCloseTo(3.02, 9);
    expect(m.bestDayPct).toBeCloseTo(2, 9);
    expect(m.worstDayPct).toBeCloseTo(1, 9);
  });

  it("a drawdown and partial recovery", () => {
    // r = .2, -.25, .2; mean .05; deviations .15, -.3, .15 -> sample variance .135 / 2; downside mean .0625 / 3.
    const m = computeMetrics(series([100, 120, 90, 108]));
    const annualized = 1.08 ** (252 / 3) - 1;
    expect(m).toMatchObject({
      totalReturnPct: close(8),
      annualizedReturnPct: close(annualized * 100),
      annualizedVolPct: close(Math.sqrt(0.0675) * ROOT_YEAR * 100),
      sharpe: close((0.05 / Math.sqrt(0.0675)) * ROOT_YEAR),
      sortino: close((0.05 * 252) / (Math.sqrt(0.0625 / 3) * ROOT_YEAR)),
      calmar: close(annualized / 0.25),
      maxDrawdownPct: close(-25),
      currentDrawdownPct: close(-10),
      bestDayPct: close(20),
      worstDayPct: close(-25),
    });
  });

  it("a constant-growth series has only rounding noise for a deviation: Sharpe null, not 1e15", () => {
    const m = computeMetrics(series(fromReturns(100, Array(30).fill(0.01))));
    expect(m.annualizedVolPct).toBeLessThan(1e-10);
    expect(m.sharpe).toBeNull();
    expect(m.sortino).toBeNull();
    expect(m.totalReturnPct).toBeCloseTo((1.01 ** 30 - 1) * 100, 9);
  });

  it("an annualized return that overflows is null, and so is the Calmar built on it", () => {
    const m = computeMetrics(series([1, 1e6, 1e5]));
    expect(m.annualizedReturnPct).toBeNull();
    expect(m.calmar).toBeNull();
    expect(m.maxDrawdownPct).toBeCloseTo(-90, 9);
  });
});

describe("computeMetrics: benchmark and alpha", () => {
  const portfolio = series([100, 105, 110], 1); // work dates 03-03 .. 03-05

  it("takes the benchmark's total return over the portfolio's first to last work date", () => {
    const benchmark = series([50, 50, 55, 60, 70], 0); // 03-02 .. 03-06; the window is 50 (03-03) -> 60 (03-05)
    const m = computeMetrics(portfolio, benchmark);
    expect(m.benchmarkReturnPct).toBeCloseTo(20, 9);
    expect(m.alphaPct).toBeCloseTo(10 - 20, 9);
  });

  it("places benchmark points by Singapore work date, not by UTC date", () => {
    const sgMidnight = (date: string) => startOfWorkDate(date);
    const benchmark: NavPoint[] = [
      { at: sgMidnight("2026-03-03") - 30 * 60_000, nav: 1 }, // 15:30 UTC on 03-02: still 03-02 in Singapore, outside
      { at: sgMidnight("2026-03-03") + 30 * 60_000, nav: 40 }, // 16:30 UTC on 03-02: 03-03 in Singapore, first in the window
      { at: sgMidnight("2026-03-05") + 23 * 3_600_000, nav: 50 }, // 15:00 UTC on 03-05: last in the window
      { at: sgMidnight("2026-03-06") + 60_000, nav: 999 }, // 16:01 UTC on 03-05: 03-06 in Singapore, outside
    ];
    expect(computeMetrics(portfolio, benchmark).benchmarkReturnPct).toBeCloseTo(25, 9);
  });

  it("is null until the benchmark has two points in the window", () => {
    for (const benchmark of [[], series([50], 2), series([50, 60], 4), series([50, 60], -3)]) {
      const m = computeMetrics(portfolio, benchmark);
      expect(m.benchmarkReturnPct).toBeNull();
      expect(m.alphaPct).toBeNull();
    }
    expect(computeMetrics(portfolio, null)).toMatchObject({ benchmarkReturnPct: null, alphaPct: null });
    expect(computeMetrics(series([100]), series([1, 2, 3]))).toMatchObject({
      benchmarkReturnPct: null,
      alphaPct: null,
    });
  });
});

describe("computeMetrics: properties", () => {
  const navSeries = fc.array(fc.double({ min: 1e-3, max: 1e7, noNaN: true }), { minLength: 0, maxLength: 80 });
  const numbers = (m: MetricValues) => Object.values(m).filter((v) => v !== null) as number[];

  it("never yields NaN or Infinity, and keeps every value in its range", () => {
    fc.assert(
      fc.property(navSeries, navSeries, (navs, bench) => {
        const m = computeMetrics(series(navs), series(bench));
        for (const v of numbers(m)) expect(Number.isFinite(v)).toBe(true);
        expect(m.nSnapshots).toBe(navs.length);
        expect(m.nReturns).toBe(Math.max(0, navs.length - 1));
        if (navs.length < 2) {
          expect(m).toMatchObject(ALL_NULL);
          return;
        }
        expect(m.maxDrawdownPct!).toBeGreaterThan(-100);
        expect(m.maxDrawdownPct!).toBeLessThanOrEqual(0);
        expect(m.currentDrawdownPct!).toBeGreaterThanOrEqual(m.maxDrawdownPct!);
        expect(m.currentDrawdownPct!).toBeLessThanOrEqual(0);
        expect(m.totalReturnPct!).toBeGreaterThan(-100);
        expect(m.worstDayPct!).toBeLessThanOrEqual(m.bestDayPct!);
        if (m.annualizedVolPct !== null) expect(m.annualizedVolPct).toBeGreaterThanOrEqual(0);
        if (m.sharpe !== null && m.sortino !== null) expect(Math.sign(m.sharpe)).toBe(Math.sign(m.sortino));
        if (m.calmar !== null) expect(m.maxDrawdownPct!).toBeLessThan(0);
        if (m.alphaPct !== null) expect(m.alphaPct).toBeCloseTo(m.totalReturnPct! - m.benchmarkReturnPct!, 6);
      }),
      { numRuns: 500 },
    );
  });

  it("does not depend on the NAV's scale", () => {
    fc.assert(
      fc.property(navSeries, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (navs, k) => {
        const a = computeMetrics(series(navs));
        const b = computeMetrics(series(navs.map((nav) => nav * k)));
        for (const key of [
          "totalReturnPct",
          "maxDrawdownPct",
          "currentDrawdownPct",
          "bestDayPct",
          "worstDayPct",
        ] as const) {
          expectNear(b[key], a[key]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
