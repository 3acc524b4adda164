/** Shared market-data topics as tools (spec §2.11, §4.1 rule 10), viewer:read (REST's reports:read is not a tool scope). */
import { Code, ConnectError } from "@connectrpc/connect";
import { ListDataTopicsResponseSchema } from "../../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { object, str } from "../../schemas/common.js";
import { sharedDataTopics, topicDocument, topicParam } from "../../schemas/reports.js";
import type { ToolDefinition } from "../tool.js";
import { input, workDateInput } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };
const dateInput = workDateInput("Work date of the ingest, YYYY-MM-DD.");

const listTopics: ToolDefinition<{ date: string }> = {
  name: "data_list_topics",
  title: "Shared-data topics of a date",
  description: "Which shared market-data topics landed on a work date, with their sizes, and every known topic.",
  grant,
  toolset: "reports",
  inputSchema: input({ date: dateInput }, ["date"]),
  outputSchema: sharedDataTopics,
  pager: "none",
  async call({ date }, { clients }) {
    return protoToJson(ListDataTopicsResponseSchema, await clients.reports.listDataTopics({ date }));
  },
};

const getTopic: ToolDefinition<{ date: string; topic: string }> = {
  name: "data_get_topic",
  title: "Read a shared-data topic",
  description:
    "One shared market-data topic document of a work date, as stored.",
  grant,
  toolset: "reports",
  inputSchema: input({ date: dateInput, topic: { ...topicParam, description: "The topic name, as in data_list_topics (a .json suffix is accepted)." } }, ["date", "topic"]),
  outputSchema: object({ date: str, topic: str, document: topicDocument }),
  pager: "none",
  async call({ date, topic }, { clients }) {
    const { documentJson } = await clients.reports.getDataTopic({ date, topic });
    const document: unknown = JSON.parse(documentJson);
    if (typeof document !== "object" || document === null || Array.isArray(document)) throw new ConnectError("stored topic is not a JSON object", Code.Internal);
    return { date, topic: topic.endsWith(".json") ? topic.slice(0, -".json".length) : topic, document };
  },
};

export const DATA_TOOLS: ToolDefinition[] = [listTopics, getTopic];
