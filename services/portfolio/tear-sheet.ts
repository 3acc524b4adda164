/**
 * A tear sheet: everything quantstats and pyfolio show for one portfolio, computed from its daily series (and its
 * benchmark's, and the Sharpe ratios of the persona portfolios for the deflated Sharpe), with a methodology that
 * states each assumption so anyone can recompute every figure from the series route. Pure: no clock, no I/O.
 */
import { dailyPoints, returnPairs } from "./daily-series.js";
import { deflatedSharpe, type DeflatedSharpeValues } from "./deflated-sharpe.js";
import { worstDrawdowns, type DrawdownPeriodValue } from "./drawdown-periods.js";
import { computeMetrics, PERIODS_PER_YEAR, type MetricValues, type NavPoint } from "./metrics.js";
import { monthlyReturns, periodReturns, type MonthlyReturnValue, type PeriodReturnValues } from "./period-returns.js";
import { periodSharpe, riskStatistics, type RiskValues } from "./risk-statistics.js";
import { ROLLING_WINDOWS, rollingWindow, type RollingPointValue } from "./rolling.js";

export interface MethodologyValues {
  riskFreeRate: number;
  periodsPerYear: number;
  returns: string;
  compounding: string;
  calendar: string;
  benchmarkWindow: string;
  seriesVersion: string;
  asOf: string | null;
  nulls: string[];
}

export interface TearSheetValues {
  metrics: MetricValues;
  periodReturns: PeriodReturnValues;
  monthlyReturns: MonthlyReturnValue[];
  drawdowns: DrawdownPeriodValue[];
  rolling: Array<{ window: number; points: RollingPointValue[] }>;
  risk: RiskValues;
  deflatedSharpe: DeflatedSharpeValues;
  methodology: MethodologyValues;
}

export const METHODOLOGY_TEXT = {
  returns:
    "Simple daily returns r_t = NAV_t / NAV_(t-1) - 1 between consecutive points of the daily series; a gap (a work date without a point) is spanned by one return, never filled.",
  compounding:
    "Geometric: period, monthly and total returns are the product of (1 + r_t) minus 1; annualized return is (1 + total)^(252 / n_returns) - 1; volatility and ratios scale by the square root of 252.",
  calendar:
    "Asia/Singapore work dates (UTC+8). The daily series holds the last snapshot of each work date; months, quarters and years are calendar periods of those dates; drawdown lengths are calendar days.",
  benchmarkWindow:
    "The benchmark's daily points on the portfolio's work dates: benchmark return over the first to last work date of the portfolio; beta, correlation, tracking error, information ratio and rolling beta over the returns whose two dates both have a benchmark point.",
  nulls: [
    "A value the series cannot define is null, never NaN or Infinity.",
    "Total, period and monthly returns, drawdowns, VaR, CVaR and tail ratio need one return (two points); volatility, Sharpe, Sortino, omega and Ulcer index two returns; skew three; kurtosis, probabilistic and deflated Sharpe four.",
    "Ratios over a deviation at or below 1e-12 (a flat or constant-growth series) are null; Sortino is null without a negative day, Calmar without a drawdown, omega without a losing day, tail ratio when the 5th percentile is 0, win rate when no day moved.",
    "1Y and 3Y returns are null while the series is younger than that; a rolling window has points only from its first full window; rolling beta needs a benchmark return on every date of its window.",
    "Beta, correlation, tracking error and information ratio are null under two benchmark pairs; the deflated Sharpe under two trials.",
  ],
};

export interface TearSheetInput {
  series: readonly NavPoint[];
  benchmark: readonly NavPoint[] | null;
  seriesVersion: string;
  /** The annualized Sharpe ratio of every persona portfolio that has one (the trials of the deflated Sharpe). */
  trialSharpes: readonly number[];
}

export function computeTearSheet({ series, benchmark, seriesVersion, trialSharpes }: TearSheetInput): TearSheetValues {
  const points = dailyPoints(series, benchmark);
  const pairs = returnPairs(points);
  const returns = pairs.map((p) => p.ret);
  const risk = riskStatistics(
    returns,
    pairs,
    points.slice(1).map((p) => p.drawdown),
  );
  return {
    metrics: computeMetrics(series, benchmark),
    periodReturns: periodReturns(points),
    monthlyReturns: monthlyReturns(points),
    drawdowns: worstDrawdowns(points, 5),
    rolling: ROLLING_WINDOWS.map((window) => ({ window, points: rollingWindow(pairs, window) })),
    risk,
    deflatedSharpe: deflatedSharpe(trialSharpes, {
      periodSharpe: periodSharpe(returns),
      nReturns: returns.length,
      skew: risk.skew,
      kurtosis: risk.kurtosis,
    }),
    methodology: {
      riskFreeRate: 0,
      periodsPerYear: PERIODS_PER_YEAR,
      ...METHODOLOGY_TEXT,
      seriesVersion,
      asOf: points.length ? points[points.length - 1]!.date : null,
    },
  };
}
