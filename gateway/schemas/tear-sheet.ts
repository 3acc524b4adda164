/**
 * JSON Schemas of the portfolio series and tear sheet (new routes beside spec §2.7; PortfolioMetrics is reused as
 * it is). One source for the REST responses, the OpenAPI document and the tools' output schemas. Every number
 * a series cannot define is null, never NaN or Infinity; the descriptions say when.
 */
import { int, nullableNum, nullableStr, num, object, str, strArray, workDate } from "./common.js";
import { portfolioMetrics } from "./portfolio.js";

const d = <S extends Record<string, unknown>>(schema: S, description: string) => ({ ...schema, description }) as const;

export const seriesPoint = object({
  date: d(str, "Singapore work date (YYYY-MM-DD) of the point: the last snapshot of that date."),
  at: d(num, "Epoch milliseconds of the snapshot."),
  nav: num,
  return_pct: d(nullableNum, "nav / previous point's nav - 1, percent; null on the first point of the whole series."),
  drawdown_pct: d(num, "nav / running peak since inception - 1, percent (0 at a new peak)."),
  benchmark_nav: d(nullableNum, "The benchmark's daily NAV on the same work date; null when it has no point that day."),
});

export const portfolioSeries = object({
  portfolio_id: str,
  benchmark_id: nullableStr,
  series_version: d(
    str,
    "Changes whenever a snapshot of the portfolio is added, changed or removed; the tear sheet's methodology names it.",
  ),
  points: {
    type: "array",
    items: seriesPoint,
    description:
      "Ascending by date; returns and drawdowns refer to the whole series even when from/to select part of it.",
  },
  count: int,
});

export const seriesQuerystring = {
  type: "object",
  properties: {
    from: d(workDate, "First work date to include (inclusive); omitted: since inception."),
    to: d(workDate, "Last work date to include (inclusive); omitted: up to the latest point."),
  },
} as const;

const pctOrNull = (text: string) => d(nullableNum, text);

export const periodReturns = object({
  mtd_pct: pctOrNull(
    "Month to date, compounded; since inception when the series began this month; null under two points.",
  ),
  qtd_pct: pctOrNull("Quarter to date, as MTD."),
  ytd_pct: pctOrNull("Year to date, as MTD."),
  one_year_pct: pctOrNull(
    "Cumulative over the last year (from the last point on or before the same date a year earlier); null while the series is younger.",
  ),
  three_year_pct: pctOrNull("Cumulative (not annualized) over three years, as 1Y."),
  since_inception_pct: pctOrNull("Total return; null under two points."),
});

export const monthlyReturn = object({
  year: int,
  month: d(int, "1 to 12."),
  return_pct: d(num, "The month's daily returns compounded, percent."),
});

export const drawdownPeriod = object({
  peak_date: str,
  trough_date: str,
  recovery_date: d(nullableStr, "First work date back at or above the peak; null while the drawdown lasts."),
  depth_pct: d(num, "trough / peak - 1, percent."),
  length_days: d(int, "Calendar days from the peak to the recovery, or to the last point while it lasts."),
});

export const rollingWindow = object({
  window: d(int, "Length in daily returns (63, 126, 252)."),
  points: {
    type: "array",
    description: "One point per return from the first full window on; empty while the series is shorter.",
    items: object({
      date: str,
      sharpe: pctOrNull("Annualized Sharpe over the window; null without deviation."),
      volatility_pct: nullableNum,
      beta: pctOrNull(
        "Beta to the benchmark over the window; null unless the benchmark has a return on every date of the window.",
      ),
    }),
  },
});

export const riskStatistics = object({
  beta: pctOrNull(
    "empyrical.beta over the returns whose two dates both have a benchmark point; null under two such pairs or without benchmark deviation.",
  ),
  correlation: pctOrNull("Pearson correlation of the same pairs."),
  tracking_error_pct: pctOrNull("Annualized sample deviation of the active return (portfolio - benchmark)."),
  information_ratio: pctOrNull(
    "Annualized: mean active return / its deviation × √252 (empyrical's excess_sharpe × √252).",
  ),
  value_at_risk_95_pct: pctOrNull(
    "Historical one-day VaR: the 5th percentile of the daily returns (linear interpolation), negative for a loss.",
  ),
  conditional_value_at_risk_95_pct: pctOrNull(
    "Historical CVaR: the mean of the lowest int((n-1)·0.05)+1 daily returns (empyrical).",
  ),
  tail_ratio: pctOrNull("|95th percentile| / |5th percentile|; null when the 5th percentile is 0."),
  omega: pctOrNull("Sum of gains / sum of losses at a 0 threshold; null without a losing day or under two returns."),
  ulcer_index_pct: pctOrNull(
    "quantstats: √(Σ drawdown² / (n - 1)) over each return's drawdown; null under two returns.",
  ),
  skew: pctOrNull("Bias-corrected sample skewness (pandas); null under three returns or without deviation."),
  kurtosis: pctOrNull("Bias-corrected excess kurtosis (pandas); null under four returns or without deviation."),
  win_rate_pct: pctOrNull("Positive days over non-zero days (quantstats); null when no day moved."),
  probabilistic_sharpe: pctOrNull(
    "Probability that the true Sharpe exceeds 0 (Bailey and López de Prado), from the per-period Sharpe, skew and kurtosis; null when any is.",
  ),
});

export const deflatedSharpe = object({
  trials: d(int, "Persona portfolios with a Sharpe ratio: the trials the leaderboard's best was selected from."),
  trials_sharpe_std: pctOrNull("Sample deviation of the trials' annualized Sharpe ratios; null under two trials."),
  expected_max_sharpe: pctOrNull(
    "The annualized Sharpe the best of the trials would show by luck alone if none had skill.",
  ),
  deflated_sharpe: pctOrNull(
    "Probability that this portfolio's true Sharpe exceeds expected_max_sharpe: the part of its Sharpe that is not luck of the selection; null when the probabilistic Sharpe is null or under two trials.",
  ),
});

export const methodology = object({
  risk_free_rate: num,
  periods_per_year: int,
  returns: str,
  compounding: str,
  calendar: str,
  benchmark_window: str,
  series_version: d(str, "The series version the figures were computed from (GET .../series answers the same)."),
  as_of: d(nullableStr, "Work date of the last point; null for an empty series."),
  nulls: { ...strArray, description: "When each figure is null." },
});

export const tearSheet = object({
  portfolio_id: str,
  metrics: portfolioMetrics,
  period_returns: periodReturns,
  monthly_returns: {
    type: "array",
    items: monthlyReturn,
    description: "One row per calendar month holding a return, oldest first.",
  },
  drawdowns: { type: "array", items: drawdownPeriod, description: "The five deepest drawdown periods, deepest first." },
  rolling: { type: "array", items: rollingWindow },
  risk: riskStatistics,
  deflated_sharpe: deflatedSharpe,
  methodology,
});
