/**
 * The daily series as a reader sees it: each point's Singapore work date, NAV, daily return, drawdown from the
 * running peak (the starting NAV is the first peak, as in empyrical's max_drawdown) and the benchmark's NAV on the
 * same work date. The tear sheet and the series route both start here, so a reader of the series route holds
 * every number the tear sheet was computed from.
 */
import { workDateOf } from "../../lib/work-date.js";
import type { NavPoint } from "./metrics.js";

export interface DailyPoint {
  date: string;
  at: number;
  nav: number;
  /** Simple return from the previous point (a fraction); null on the first point. */
  ret: number | null;
  /** nav / running peak - 1 (a fraction, <= 0). */
  drawdown: number;
  benchmarkNav: number | null;
}

export function dailyPoints(series: readonly NavPoint[], benchmark: readonly NavPoint[] | null): DailyPoint[] {
  const benchmarkByDate = new Map((benchmark ?? []).map((p) => [workDateOf(p.at), p.nav]));
  let peak = -Infinity;
  return series.map((point, i) => {
    peak = Math.max(peak, point.nav);
    const date = workDateOf(point.at);
    return {
      date,
      at: point.at,
      nav: point.nav,
      ret: i === 0 ? null : point.nav / series[i - 1]!.nav - 1,
      drawdown: point.nav / peak - 1,
      benchmarkNav: benchmarkByDate.get(date) ?? null,
    };
  });
}

/** One daily return of the portfolio and, when the benchmark has a point on both its dates, the benchmark's. */
export interface ReturnPair {
  date: string;
  ret: number;
  benchmarkRet: number | null;
}

/**
 * The returns of the series (one per point after the first) with the benchmark's return over the same two work
 * dates. A gap in either series spans the gap: the return runs from the previous point, whatever its date.
 */
export function returnPairs(points: readonly DailyPoint[]): ReturnPair[] {
  const pairs: ReturnPair[] = [];
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1]!;
    const cur = points[i]!;
    const benchmarkRet =
      prev.benchmarkNav !== null && cur.benchmarkNav !== null ? cur.benchmarkNav / prev.benchmarkNav - 1 : null;
    pairs.push({ date: cur.date, ret: cur.ret!, benchmarkRet });
  }
  return pairs;
}
