/**
 * GET /api/v1/portfolios/leaderboard and /portfolios/{portfolioId}/metrics (spec §2.7, §4.1 rule 7), and beside
 * them the daily series the metrics come from and the tear sheet built on it.
 */
import type { FastifyInstance } from "fastify";
import {
  GetLeaderboardResponseSchema,
  GetSeriesResponseSchema,
  PortfolioMetricsSchema,
  TearSheetSchema,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { errorResponse, gatedErrors } from "../schemas/common.js";
import { leaderboardResponse, portfolioMetrics, portfolioParams } from "../schemas/portfolio.js";
import { portfolioSeries, seriesQuerystring, tearSheet } from "../schemas/tear-sheet.js";
import type { RestOptions } from "./index.js";

const SCOPE = "portfolios:read";

export function portfolioRoutes(app: FastifyInstance, opts: RestOptions) {
  app.get(
    "/portfolios/leaderboard",
    { config: { scope: SCOPE }, schema: { summary: "List the portfolio leaderboard", response: { 200: leaderboardResponse, ...gatedErrors } } },
    async () => protoToJson(GetLeaderboardResponseSchema, await opts.clients.portfolio.getLeaderboard({ limit: 0 })),
  );

  app.get<{ Params: { portfolioId: string } }>(
    "/portfolios/:portfolioId/metrics",
    { config: { scope: SCOPE }, schema: { summary: "Get a portfolio’s metrics", params: portfolioParams, response: { 200: portfolioMetrics, 404: errorResponse, ...gatedErrors } } },
    async (request) => {
      const { metrics } = await opts.clients.portfolio.getMetrics({ portfolioId: request.params.portfolioId });
      return protoToJson(PortfolioMetricsSchema, metrics);
    },
  );

  app.get<{ Params: { portfolioId: string }; Querystring: { from?: string; to?: string } }>(
    "/portfolios/:portfolioId/series",
    {
      config: { scope: SCOPE },
      schema: { summary: "Get a portfolio’s daily NAV series", params: portfolioParams, querystring: seriesQuerystring, response: { 200: portfolioSeries, 404: errorResponse, ...gatedErrors } },
    },
    async (request) => {
      const { from = "", to = "" } = request.query;
      return protoToJson(GetSeriesResponseSchema, await opts.clients.portfolio.getSeries({ portfolioId: request.params.portfolioId, from, to }));
    },
  );

  app.get<{ Params: { portfolioId: string } }>(
    "/portfolios/:portfolioId/tear-sheet",
    { config: { scope: SCOPE }, schema: { summary: "Get a portfolio’s tear sheet", params: portfolioParams, response: { 200: tearSheet, 404: errorResponse, ...gatedErrors } } },
    async (request) => {
      const { tearSheet: sheet } = await opts.clients.portfolio.getTearSheet({ portfolioId: request.params.portfolioId });
      return protoToJson(TearSheetSchema, sheet);
    },
  );
}
