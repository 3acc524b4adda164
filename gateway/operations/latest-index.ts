/**
 * The latest index (spec §2.8, §4.1 rule 6): the reports service's half (daily within the lookback, this week's
 * count) joined with the top five of the portfolio leaderboard, fetched side by side.
 */
import { GetLatestResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import type { PortfolioMetrics } from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { latestIndexResponse } from "../schemas/reports.js";
import { NO_ARGUMENTS } from "./input-schemas.js";
import type { Operation } from "./operation.js";
import { dailyReportUrl } from "./reports.js";

/** Spec §4.1 rule 6: the latest index carries the top five of the leaderboard. */
export const LATEST_LEADERBOARD_SIZE = 5;

/** A LatestIndex leaderboard row (spec §2.8) from a portfolio's metrics; unset values are null. */
export function toLatestLeaderboardItem(m: PortfolioMetrics) {
  return {
    portfolio_id: m.portfolioId,
    sharpe: m.sharpe ?? null,
    total_return_pct: m.totalReturnPct ?? null,
    alpha_pct: m.alphaPct ?? null,
    latest_nav: m.latestNav ?? null,
  };
}

export const latestIndex: Operation<Record<string, never>> = {
  route: { method: "GET", path: "/api/v1/latest" },
  tool: "reports_latest",
  scope: "reports:read",
  input: NO_ARGUMENTS,
  output: latestIndexResponse,
  async call(_input, clients) {
    const [reports, board] = await Promise.all([
      clients.reports.getLatest({}),
      clients.portfolio.getLeaderboard({ limit: LATEST_LEADERBOARD_SIZE }),
    ]);
    const index = protoToJson(GetLatestResponseSchema, reports);
    const daily = index.daily as { work_date: string } | null;
    return {
      ...index,
      daily: daily && { ...daily, report_url: dailyReportUrl(daily.work_date) },
      leaderboard: board.leaderboard.map(toLatestLeaderboardItem),
    };
  },
};
