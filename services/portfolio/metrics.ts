/**
 * Risk-adjusted metrics over a daily NAV series, with the definitions of the empyrical library: simple daily
 * returns r_t = NAV_t / NAV_{t-1} - 1, 252 periods a year, a risk-free rate of 0. Pure: no clock, no I/O.
 *
 * Conventions where the spec is silent:
 * - The input is the daily series (the last snapshot of each Singapore work date), ascending by time.
 * - n_snapshots is the number of daily points; n_returns is n_snapshots - 1 (0 for an empty series).
 * - first_at / last_at are the epoch milliseconds of the first and last daily point.
 * - Every field derived from returns (total and annualized return, volatility, ratios, drawdowns, best and
 *   worst day, benchmark return, alpha) needs at least one return, i.e. two daily points. Like empyrical,
 *   volatility, Sharpe and Sortino need at least two returns (a sample deviation of one value is undefined).
 * - A deviation below ZERO_DEVIATION is rounding noise of the NAV arithmetic (a constant-growth series), and
 *   is treated as zero, so a ratio over it is null rather than a meaningless 1e15.
 * - Calmar is null when there is no drawdown (max drawdown 0), as in empyrical.
 * - Any non-finite result (for example an annualized return that overflows) is null, never NaN or Infinity.
 */
import { workDateOf } from "../../lib/work-date.js";

export const PERIODS_PER_YEAR = 252;

/** Deviations of daily returns below this are indistinguishable from floating-point rounding. */
export const ZERO_DEVIATION = 1e-12;

export interface NavPoint {
  /** Epoch milliseconds of the snapshot. */
  at: number;
  nav: number;
}

export interface MetricValues {
  nSnapshots: number;
  nReturns: number;
  firstAt: number | null;
  lastAt: number | null;
  startNav: number | null;
  latestNav: number | null;
  totalReturnPct: number | null;
  annualizedReturnPct: number | null;
  annualizedVolPct: number | null;
  sharpe: number | null;
  sortino: number | null;
  calmar: number | null;
  maxDrawdownPct: number | null;
  currentDrawdownPct: number | null;
  bestDayPct: number | null;
  worstDayPct: number | null;
  benchmarkReturnPct: number | null;
  alphaPct: number | null;
}

/** A finite number, or null; -0 becomes 0 so it never leaks into JSON or comparisons. */
const finite = (x: number): number | null => (Number.isFinite(x) ? x + 0 : null);
const times = (x: number | null, factor: number): number | null => (x === null ? null : finite(x * factor));
const pct = (x: number | null): number | null => times(x, 100);

export function dailyReturns(series: readonly NavPoint[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < series.length; i++) out.push(series[i]!.nav / series[i - 1]!.nav - 1);
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Sample standard deviation (ddof 1); NaN for fewer than two values. */
function sampleStd(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Root mean square of min(r, 0) over all periods (empyrical's downside risk, before annualizing). */
const downsideDeviation = (xs: readonly number[]) => Math.sqrt(mean(xs.map((x) => Math.min(x, 0) ** 2)));

/** numerator / denominator, or null when the daily deviation behind the denominator is zero (or noise). */
const ratio = (numerator: number, denominator: number, dailyDeviation: number): number | null =>
  Number.isFinite(dailyDeviation) && dailyDeviation > ZERO_DEVIATION ? finite(numerator / denominator) : null;

/** Most negative NAV / running peak - 1, and the last point's NAV / peak - 1. */
function drawdowns(series: readonly NavPoint[]): { max: number; current: number } {
  let peak = -Infinity;
  let max = 0;
  let current = 0;
  for (const { nav } of series) {
    peak = Math.max(peak, nav);
    current = nav / peak - 1;
    max = Math.min(max, current);
  }
  return { max, current };
}

/** Total return of the benchmark over the work dates [first, last] of the portfolio's series; null under two points. */
export function benchmarkReturn(series: readonly NavPoint[], benchmark: readonly NavPoint[]): number | null {
  if (series.length === 0) return null;
  const from = workDateOf(series[0]!.at);
  const to = workDateOf(series[series.length - 1]!.at);
  const window = benchmark.filter((p) => {
    const date = workDateOf(p.at);
    return date >= from && date <= to;
  });
  if (window.length < 2) return null;
  return finite(window[window.length - 1]!.nav / window[0]!.nav - 1);
}

export function computeMetrics(series: readonly NavPoint[], benchmark?: readonly NavPoint[] | null): MetricValues {
  const n = series.length;
  const first = series[0];
  const last = series[n - 1];
  const returns = dailyReturns(series);
  const nReturns = returns.length;
  const base = {
    nSnapshots: n,
    nReturns,
    firstAt: first ? first.at : null,
    lastAt: last ? last.at : null,
    startNav: first ? first.nav : null,
    latestNav: last ? last.nav : null,
  };
  if (nReturns < 1 || !first || !last) {
    return {
      ...base,
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
    };
  }

  const total = last.nav / first.nav - 1;
  const annualized = finite((1 + total) ** (PERIODS_PER_YEAR / nReturns) - 1);
  const rootYear = Math.sqrt(PERIODS_PER_YEAR);
  const std = sampleStd(returns);
  const downside = downsideDeviation(returns);
  const avg = mean(returns);
  const enough = nReturns >= 2;
  const { max: maxDrawdown, current: currentDrawdown } = drawdowns(series);
  const bench = benchmark ? benchmarkReturn(series, benchmark) : null;
  const totalPct = pct(total);
  const benchPct = pct(bench);

  return {
    ...base,
    totalReturnPct: totalPct,
    annualizedReturnPct: pct(annualized),
    annualizedVolPct: enough ? pct(std * rootYear) : null,
    sharpe: enough ? times(ratio(avg, std, std), rootYear) : null,
    sortino: enough ? ratio(avg * PERIODS_PER_YEAR, downside * rootYear, downside) : null,
    calmar: annualized !== null && maxDrawdown < 0 ? finite(annualized / Math.abs(maxDrawdown)) : null,
    maxDrawdownPct: pct(maxDrawdown),
    currentDrawdownPct: pct(currentDrawdown),
    bestDayPct: pct(returns.reduce((a, b) => Math.max(a, b))),
    worstDayPct: pct(returns.reduce((a, b) => Math.min(a, b))),
    benchmarkReturnPct: benchPct,
    alphaPct: totalPct !== null && benchPct !== null ? finite(totalPct - benchPct) : null,
  };
}
