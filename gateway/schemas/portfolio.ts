/** JSON Schemas of the portfolio resources (spec §2.7, §2.8 leaderboard item, §4.1 portfolio rows). */
import { int, nullableNum, nullableStr, object, str } from "./common.js";

/** PortfolioMetrics: every field present; values that are undefined for the series are null. */
export const portfolioMetrics = object({
  portfolio_id: str,
  n_snapshots: int,
  n_returns: int,
  first_at: nullableNum,
  last_at: nullableNum,
  start_nav: nullableNum,
  latest_nav: nullableNum,
  total_return_pct: nullableNum,
  annualized_return_pct: nullableNum,
  annualized_vol_pct: nullableNum,
  sharpe: nullableNum,
  sortino: nullableNum,
  calmar: nullableNum,
  max_drawdown_pct: nullableNum,
  current_drawdown_pct: nullableNum,
  best_day_pct: nullableNum,
  worst_day_pct: nullableNum,
  benchmark_id: nullableStr,
  benchmark_return_pct: nullableNum,
  alpha_pct: nullableNum,
});

/** GET /portfolios/leaderboard: persona portfolios by Sharpe, descending, nulls last. */
export const leaderboardResponse = object({
  leaderboard: { type: "array", items: portfolioMetrics },
  count: int,
});

export const portfolioParams = object({ portfolioId: str });

/** One row of LatestIndex.leaderboard (spec §2.8). */
export const latestLeaderboardItem = object({
  portfolio_id: str,
  sharpe: nullableNum,
  total_return_pct: nullableNum,
  alpha_pct: nullableNum,
  latest_nav: nullableNum,
});
