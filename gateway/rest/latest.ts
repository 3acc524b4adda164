/** GET /api/v1/latest (spec §4.1 rule 6): the latest index, see gateway/operations/latest-index.ts. */
import type { FastifyInstance } from "fastify";
import { latestIndex } from "../operations/latest-index.js";
import { gatedErrors } from "../schemas/common.js";
import { latestIndexResponse } from "../schemas/reports.js";
import type { RestOptions } from "./index.js";

export function latestRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.get("/latest", { config: { scope: "reports:read" }, schema: { summary: "Get the latest reports and leaderboard", response: { 200: latestIndexResponse, ...gatedErrors } } }, async () =>
    latestIndex(clients),
  );
}
