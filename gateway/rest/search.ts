/** POST /api/v1/search (spec §2.9, §4.1 rule 8; scope search:read): a JSON SearchRequest, gateway/operations/search.ts. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { search } from "../operations/search.js";
import { gatedErrors } from "../schemas/common.js";
import { searchRequest, type SearchBody } from "../schemas/search.js";
import type { RestOptions } from "./options.js";
import { operationRoute } from "./operation-route.js";
import { strictJsonBodies } from "./strict-json-body.js";

export function searchRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.register(async (scope) => {
    strictJsonBodies(scope);
    scope.route(
      operationRoute(search, clients, {
        summary: "Search the archive",
        body: searchRequest,
        errors: gatedErrors,
        bodyLimit: 64 * 1024,
        input: (request: FastifyRequest<{ Body: SearchBody }>) => request.body,
      }),
    );
  });
}
