/**
 * Server-rendered SVG charts of the track record (scope portfolios:read): a portfolio's NAV against its benchmark
 * with the underwater drawdown, and the leaderboard's Sharpe ratios and total returns. Each answer carries a strong
 * ETag (the SVG's SHA-256) and is 304 to an If-None-Match that holds it, like the markdown routes; there is no
 * Last-Modified, since a corrected snapshot can change a chart without a newer date.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  GetLeaderboardResponseSchema,
  GetSeriesResponseSchema,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { leaderboardChart, type LeaderboardRow } from "../charts/leaderboard-chart.js";
import { portfolioChart, type ChartPoint } from "../charts/portfolio-chart.js";
import type { Theme } from "../charts/svg.js";
import { chartQuery, chartResponses, SVG_TYPE } from "../schemas/charts.js";
import { errorResponse, etagHeaders } from "../schemas/common.js";
import { portfolioParams } from "../schemas/portfolio.js";
import type { RestOptions } from "./options.js";
import { noneMatchHits } from "./markdown.js";

const SCOPE = "portfolios:read";
interface ChartQuery {
  theme: Theme;
  width: number;
  height: number;
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = `"${createHash("sha256").update(svg).digest("hex")}"`;
  reply
    .header("cache-control", "private, max-age=60, must-revalidate")
    .header("etag", etag)
    .header("x-content-type-options", "nosniff");
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, etag)) return reply.code(304).send();
  return reply.type(SVG_TYPE).send(svg);
}

export function chartRoutes(app: FastifyInstance, opts: RestOptions) {
  const portfolio = opts.clients.portfolio;

  app.get<{ Querystring: ChartQuery }>(
    "/portfolios/leaderboard/chart.svg",
    {
      config: { scope: SCOPE, restOnly: "an SVG picture of portfolios_leaderboard" },
      schema: {
        summary: "Chart the leaderboard (SVG)",
        querystring: chartQuery({ width: 960, height: 760 }),
        headers: etagHeaders,
        response: chartResponses(),
      },
    },
    async (request, reply) => {
      const { leaderboard } = protoToJson(
        GetLeaderboardResponseSchema,
        await portfolio.getLeaderboard({ limit: 0 }),
      ) as unknown as { leaderboard: LeaderboardRow[] };
      return sendSvg(request, reply, leaderboardChart(leaderboard, request.query));
    },
  );

  app.get<{ Params: { portfolioId: string }; Querystring: ChartQuery }>(
    "/portfolios/:portfolioId/chart.svg",
    {
      config: { scope: SCOPE, restOnly: "an SVG picture of portfolios_series" },
      schema: {
        summary: "Chart a portfolio’s NAV and drawdown (SVG)",
        params: portfolioParams,
        querystring: chartQuery({ width: 960, height: 540 }),
        headers: etagHeaders,
        response: chartResponses({ 404: errorResponse }),
      },
    },
    async (request, reply) => {
      const series = protoToJson(
        GetSeriesResponseSchema,
        await portfolio.getSeries({ portfolioId: request.params.portfolioId, from: "", to: "" }),
      );
      const svg = portfolioChart({
        portfolioId: series.portfolio_id as string,
        benchmarkId: series.benchmark_id as string | null,
        points: series.points as unknown as ChartPoint[],
        ...request.query,
      });
      return sendSvg(request, reply, svg);
    },
  );
}
