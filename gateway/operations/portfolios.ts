/**
 * The portfolio track record (spec §2.7, §4.1 rule 7, scope portfolios:read): the leaderboard, one portfolio's
 * metrics, the daily series they come from and the tear sheet built on it.
 */
import {
  GetLeaderboardResponseSchema,
  GetSeriesResponseSchema,
  PortfolioMetricsSchema,
  TearSheetSchema,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { leaderboardResponse, portfolioMetrics } from "../schemas/portfolio.js";
import { portfolioSeries, tearSheet } from "../schemas/tear-sheet.js";
import { idInput, input, NO_ARGUMENTS, workDateInput } from "./input-schemas.js";
import type { Operation } from "./operation.js";
import { required } from "./service-answers.js";

const scope = "portfolios:read";
export const portfolioIdInput = idInput("The portfolio's id, as portfolio_id on the leaderboard.");

/** Every portfolio by Sharpe; `limit` (a bounded reader's, one more than it shows) cuts the ranking. */
export const leaderboard: Operation<{ limit?: number }> = {
  route: { method: "GET", path: "/api/v1/portfolios/leaderboard" },
  tool: "portfolios_leaderboard",
  scope,
  input: NO_ARGUMENTS,
  output: leaderboardResponse,
  call: async ({ limit = 0 }, clients) =>
    protoToJson(GetLeaderboardResponseSchema, await clients.portfolio.getLeaderboard({ limit })),
};

export const metrics: Operation<{ portfolio_id: string }> = {
  route: { method: "GET", path: "/api/v1/portfolios/{portfolioId}/metrics" },
  tool: "portfolios_metrics",
  scope,
  input: input({ portfolio_id: portfolioIdInput }, ["portfolio_id"]),
  output: portfolioMetrics,
  async call({ portfolio_id }, clients) {
    const { metrics: m } = await clients.portfolio.getMetrics({ portfolioId: portfolio_id });
    return protoToJson(PortfolioMetricsSchema, required(m, "metrics"));
  },
};

export const series: Operation<{ portfolio_id: string; from?: string; to?: string }> = {
  route: { method: "GET", path: "/api/v1/portfolios/{portfolioId}/series" },
  tool: "portfolios_series",
  scope,
  input: input(
    {
      portfolio_id: portfolioIdInput,
      from: workDateInput("First work date to include."),
      to: workDateInput("Last work date to include."),
    },
    ["portfolio_id"],
  ),
  output: portfolioSeries,
  call: async ({ portfolio_id, from = "", to = "" }, clients) =>
    protoToJson(GetSeriesResponseSchema, await clients.portfolio.getSeries({ portfolioId: portfolio_id, from, to })),
};

export const tearSheetOperation: Operation<{ portfolio_id: string }> = {
  route: { method: "GET", path: "/api/v1/portfolios/{portfolioId}/tear-sheet" },
  tool: "portfolios_tear_sheet",
  scope,
  input: input({ portfolio_id: portfolioIdInput }, ["portfolio_id"]),
  output: tearSheet,
  async call({ portfolio_id }, clients) {
    const { tearSheet: sheet } = await clients.portfolio.getTearSheet({ portfolioId: portfolio_id });
    return protoToJson(TearSheetSchema, required(sheet, "tear_sheet"));
  },
};

export const PORTFOLIO_OPERATIONS = [leaderboard, metrics, series, tearSheetOperation];
