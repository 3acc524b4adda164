/** The analyst catalog as tools (spec §2.2): the same service calls and JSON Schemas as GET /api/v1/analysts[/{id}]. */
import { AnalystDetailSchema, ListAnalystsResponseSchema } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { required } from "../../operations/service-answers.js";
import { analystDetail, listAnalystsResponse } from "../../schemas/catalog.js";
import type { ToolDefinition } from "../tool.js";

const grant = { scope: "analysts:read" };

const analystsList: ToolDefinition<Record<string, never>> = {
  name: "analysts_list",
  title: "List analysts",
  description: "Every analyst of the institute's catalog with its category, specialty and default tasks (the whole catalog; it is small and not paged).",
  grant,
  toolset: "catalog",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  outputSchema: listAnalystsResponse,
  pager: "none",
  async call(_args, { clients }) {
    return protoToJson(ListAnalystsResponseSchema, await clients.catalog.listAnalysts({}));
  },
};

const analystsGet: ToolDefinition<{ analyst_id: string }> = {
  name: "analysts_get",
  title: "Get one analyst",
  description: "One analyst by id, with its category object.",
  grant,
  toolset: "catalog",
  inputSchema: {
    type: "object",
    properties: { analyst_id: { type: "string", minLength: 1, maxLength: 200, description: "The analyst's id, as `id` in analysts_list." } },
    required: ["analyst_id"],
    additionalProperties: false,
  },
  outputSchema: analystDetail,
  pager: "none",
  async call({ analyst_id }, { clients }) {
    const { analyst } = await clients.catalog.getAnalyst({ analystId: analyst_id });
    return protoToJson(AnalystDetailSchema, required(analyst, "an analyst"));
  },
};

export const ANALYST_TOOLS: ToolDefinition[] = [analystsList, analystsGet];
