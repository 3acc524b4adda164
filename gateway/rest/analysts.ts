/** GET /api/v1/analysts and /api/v1/analysts/{analystId} (spec §4.1, scope analysts:read). */
import type { FastifyInstance } from "fastify";
import { AnalystDetailSchema, ListAnalystsResponseSchema } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { analystDetail, analystParams, listAnalystsResponse } from "../schemas/catalog.js";
import { errorResponse, gatedErrors } from "../schemas/common.js";
import { required } from "../operations/service-answers.js";
import type { RestOptions } from "./index.js";

const scope = "analysts:read";

export function analystRoutes(app: FastifyInstance, opts: RestOptions) {
  const catalog = opts.clients.catalog;

  app.get("/analysts", { config: { scope }, schema: { summary: "List analysts", response: { 200: listAnalystsResponse, ...gatedErrors } } }, async () =>
    protoToJson(ListAnalystsResponseSchema, await catalog.listAnalysts({})),
  );

  app.get<{ Params: { analystId: string } }>(
    "/analysts/:analystId",
    { config: { scope }, schema: { summary: "Get an analyst", params: analystParams, response: { 200: analystDetail, ...gatedErrors, 404: errorResponse } } },
    async (request) => {
      const { analyst } = await catalog.getAnalyst({ analystId: request.params.analystId });
      return protoToJson(AnalystDetailSchema, required(analyst, "analyst"));
    },
  );
}
