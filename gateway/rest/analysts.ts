/** GET /api/v1/analysts and /api/v1/analysts/{analystId} (spec §4.1, scope analysts:read): gateway/operations/analysts.ts. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { getAnalyst, listAnalysts } from "../operations/analysts.js";
import { analystParams } from "../schemas/catalog.js";
import { errorResponse, gatedErrors } from "../schemas/common.js";
import type { RestOptions } from "./options.js";
import { operationRoute } from "./operation-route.js";

export function analystRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.route(
    operationRoute(listAnalysts, clients, { summary: "List analysts", errors: gatedErrors, input: () => ({}) }),
  );

  app.route(
    operationRoute(getAnalyst, clients, {
      summary: "Get an analyst",
      params: analystParams,
      errors: { ...gatedErrors, 404: errorResponse },
      input: (request: FastifyRequest<{ Params: { analystId: string } }>) => ({ analyst_id: request.params.analystId }),
    }),
  );
}
