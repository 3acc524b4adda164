/**
 * GET /api/v1/latest (spec §4.1 rule 6): the reports service's half (daily within the lookback, this week's
 * count) joined with the top five of the portfolio leaderboard, fetched side by side.
 */
import type { FastifyInstance } from "fastify";
import { GetLatestResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { gatedErrors, int, nullable, object, str } from "../schemas/common.js";
import { latestLeaderboardItem } from "../schemas/portfolio.js";
import type { RestOptions } from "./index.js";
import { toLatestLeaderboardItem } from "./portfolios.js";

const LEADERBOARD_SIZE = 5;

export const latestIndexResponse = object({
  generated_at: int,
  work_date: str,
  daily: nullable(object({ work_date: str, report_url: str })),
  weekly: object({ week_start: str, week_end: str, count: int }),
  leaderboard: { type: "array", items: latestLeaderboardItem },
});

export function latestRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.get("/latest", { config: { scope: "reports:read" }, schema: { summary: "Get the latest reports and leaderboard", response: { 200: latestIndexResponse, ...gatedErrors } } }, async () => {
    const [reports, board] = await Promise.all([clients.reports.getLatest({}), clients.portfolio.getLeaderboard({ limit: LEADERBOARD_SIZE })]);
    return { ...protoToJson(GetLatestResponseSchema, reports), leaderboard: board.leaderboard.map(toLatestLeaderboardItem) };
  });
}
