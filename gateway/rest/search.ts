/** POST /api/v1/search (spec §2.9, §4.1 rule 8; scope search:read): a JSON SearchRequest, highest score first (hybrid by default). */
import type { FastifyInstance } from "fastify";
import { SearchResponseSchema } from "../../gen/institute/search/v1/search_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { TOP_K } from "../../services/search/limits.js";
import { gatedErrors } from "../schemas/common.js";
import { searchFilters, searchRequest, searchResponse, type SearchBody } from "../schemas/search.js";
import type { RestOptions } from "./index.js";
import { strictJsonBodies } from "./strict-json-body.js";

export function searchRoutes(app: FastifyInstance, opts: RestOptions) {
  app.register(async (scope) => {
    strictJsonBodies(scope);
    scope.post<{ Body: SearchBody }>(
      "/search",
      { config: { scope: "search:read" }, bodyLimit: 64 * 1024, schema: { summary: "Search the archive", body: searchRequest, response: { 200: searchResponse, ...gatedErrors } } },
      async (request) => {
        const body = request.body;
        const response = await opts.clients.search.search({ query: body.query, topK: body.top_k ?? TOP_K.fallback, ...searchFilters(body) });
        return protoToJson(SearchResponseSchema, response);
      },
    );
  });
}
