/**
 * Rolling windows over the daily returns, as empyrical's roll_* and quantstats' rolling_sharpe / rolling_volatility
 * compute them: a point per return from the first full window on, each over the last `window` returns. Beta needs
 * the benchmark's return on every return date of the window, so it stays null until the benchmark has accrued.
 */
import type { ReturnPair } from "./daily-series.js";
import { PERIODS_PER_YEAR, ZERO_DEVIATION } from "./metrics.js";
import { beta, finiteOrNull } from "./risk-statistics.js";
import { mean, sampleStd } from "./stats.js";

export const ROLLING_WINDOWS = [63, 126, 252] as const;

export interface RollingPointValue {
  date: string;
  sharpe: number | null;
  /** Annualized, a fraction. */
  volatility: number | null;
  beta: number | null;
}

const ROOT_YEAR = Math.sqrt(PERIODS_PER_YEAR);

export function rollingWindow(pairs: readonly ReturnPair[], window: number): RollingPointValue[] {
  const points: RollingPointValue[] = [];
  for (let end = window; end <= pairs.length; end++) {
    const slice = pairs.slice(end - window, end);
    const returns = slice.map((x) => x.ret);
    const sd = sampleStd(returns);
    const complete = slice.every((x) => x.benchmarkRet !== null);
    points.push({
      date: slice[slice.length - 1]!.date,
      sharpe: window >= 2 && sd > ZERO_DEVIATION ? finiteOrNull((mean(returns) / sd) * ROOT_YEAR) : null,
      volatility: window >= 2 ? finiteOrNull(sd * ROOT_YEAR) : null,
      beta: complete
        ? beta(
            returns,
            slice.map((x) => x.benchmarkRet!),
          )
        : null,
    });
  }
  return points;
}
