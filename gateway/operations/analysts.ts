/** The analyst catalog (spec §2.2, §4.1): the list and one analyst, scope analysts:read. */
import { AnalystDetailSchema, ListAnalystsResponseSchema } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { analystDetail, listAnalystsResponse } from "../schemas/catalog.js";
import { idInput, input } from "./input-schemas.js";
import type { Operation } from "./operation.js";
import { required } from "./service-answers.js";

const scope = "analysts:read";

export const listAnalysts: Operation<Record<string, never>> = {
  route: { method: "GET", path: "/api/v1/analysts" },
  tool: "analysts_list",
  scope,
  input: input({}),
  output: listAnalystsResponse,
  call: async (_input, clients) => protoToJson(ListAnalystsResponseSchema, await clients.catalog.listAnalysts({})),
};

export const getAnalyst: Operation<{ analyst_id: string }> = {
  route: { method: "GET", path: "/api/v1/analysts/{analystId}" },
  tool: "analysts_get",
  scope,
  input: input({ analyst_id: idInput("The analyst's id, as `id` in analysts_list.") }, ["analyst_id"]),
  output: analystDetail,
  async call({ analyst_id }, clients) {
    const { analyst } = await clients.catalog.getAnalyst({ analystId: analyst_id });
    return protoToJson(AnalystDetailSchema, required(analyst, "an analyst"));
  },
};

export const ANALYST_OPERATIONS = [listAnalysts, getAnalyst];
