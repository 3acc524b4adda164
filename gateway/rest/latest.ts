/** GET /api/v1/latest (spec §4.1 rule 6): the latest index, gateway/operations/latest-index.ts. */
import type { FastifyInstance } from "fastify";
import { latestIndex } from "../operations/latest-index.js";
import { gatedErrors } from "../schemas/common.js";
import type { RestOptions } from "./options.js";
import { operationRoute } from "./operation-route.js";

export function latestRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.route(
    operationRoute(latestIndex, clients, {
      summary: "Get the latest reports and leaderboard",
      errors: gatedErrors,
      input: () => ({}),
    }),
  );
}
