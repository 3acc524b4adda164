/**
 * GET /api/v1/portfolios/leaderboard and /portfolios/{portfolioId}/metrics (spec §2.7, §4.1 rule 7), and beside
 * them the daily series the metrics come from and the tear sheet built on it: gateway/operations/portfolios.ts.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { leaderboard, metrics, series, tearSheetOperation } from "../operations/portfolios.js";
import { errorResponse, gatedErrors } from "../schemas/common.js";
import { portfolioParams } from "../schemas/portfolio.js";
import { seriesQuerystring } from "../schemas/tear-sheet.js";
import type { RestOptions } from "./options.js";
import { operationRoute } from "./operation-route.js";

type PortfolioRequest = FastifyRequest<{ Params: { portfolioId: string } }>;
const withNotFound = { 404: errorResponse, ...gatedErrors };

export function portfolioRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.route(
    operationRoute(leaderboard, clients, {
      summary: "List the portfolio leaderboard",
      errors: gatedErrors,
      input: () => ({}),
    }),
  );

  app.route(
    operationRoute(metrics, clients, {
      summary: "Get a portfolio’s metrics",
      params: portfolioParams,
      errors: withNotFound,
      input: (request: PortfolioRequest) => ({ portfolio_id: request.params.portfolioId }),
    }),
  );

  app.route(
    operationRoute(series, clients, {
      summary: "Get a portfolio’s daily NAV series",
      params: portfolioParams,
      querystring: seriesQuerystring,
      errors: withNotFound,
      input: (
        request: FastifyRequest<{ Params: { portfolioId: string }; Querystring: { from?: string; to?: string } }>,
      ) => ({
        portfolio_id: request.params.portfolioId,
        from: request.query.from,
        to: request.query.to,
      }),
    }),
  );

  app.route(
    operationRoute(tearSheetOperation, clients, {
      summary: "Get a portfolio’s tear sheet",
      params: portfolioParams,
      errors: withNotFound,
      input: (request: PortfolioRequest) => ({ portfolio_id: request.params.portfolioId }),
    }),
  );
}
