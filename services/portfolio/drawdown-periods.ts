/**
 * The drawdown periods of a daily series, as pyfolio's drawdown table and quantstats' drawdown_details describe
 * them: from a peak (the running maximum, the starting NAV included), through the trough, to the first point back
 * at or above the peak (the recovery), or still open at the last point.
 */
import type { DailyPoint } from "./daily-series.js";

export interface DrawdownPeriodValue {
  peakDate: string;
  troughDate: string;
  recoveryDate: string | null;
  /** trough NAV / peak NAV - 1 (a fraction, < 0). */
  depth: number;
  /** Calendar days from the peak to the recovery, or to the last point while the drawdown lasts. */
  lengthDays: number;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Every drawdown period, in time order. */
export function drawdownPeriods(points: readonly DailyPoint[]): DrawdownPeriodValue[] {
  const periods: DrawdownPeriodValue[] = [];
  let peak: DailyPoint | undefined;
  let open: { peak: DailyPoint; trough: DailyPoint } | undefined;
  for (const p of points) {
    if (!peak || p.nav >= peak.nav) {
      if (open) {
        periods.push(close(open.peak, open.trough, p.date));
        open = undefined;
      }
      peak = p;
      continue;
    }
    if (!open) open = { peak, trough: p };
    else if (p.nav < open.trough.nav) open.trough = p;
  }
  if (open) periods.push(close(open.peak, open.trough, null, points[points.length - 1]!.date));
  return periods;
}

function close(peak: DailyPoint, trough: DailyPoint, recovery: string | null, last?: string): DrawdownPeriodValue {
  return {
    peakDate: peak.date,
    troughDate: trough.date,
    recoveryDate: recovery,
    depth: trough.nav / peak.nav - 1,
    lengthDays: daysBetween(peak.date, recovery ?? last!),
  };
}

/** The `n` deepest periods, deepest first; equal depths by the earlier peak. */
export function worstDrawdowns(points: readonly DailyPoint[], n = 5): DrawdownPeriodValue[] {
  return drawdownPeriods(points)
    .sort((a, b) => a.depth - b.depth || (a.peakDate < b.peakDate ? -1 : a.peakDate > b.peakDate ? 1 : 0))
    .slice(0, n);
}
