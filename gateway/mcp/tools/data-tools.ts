/**
 * Shared market-data topics as tools (spec §2.11, §4.1 rule 10): the operations of gateway/operations/shared-data.ts,
 * viewer:read (REST's reports:read is not a tool scope). The topic document comes back parsed, as the `document`
 * member of a JSON object.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { getDataTopic, listDataTopics } from "../../operations/shared-data.js";
import { object, str } from "../../schemas/common.js";
import { topicDocument } from "../../schemas/reports.js";
import type { ToolDefinition } from "../tool.js";
import { operationTool } from "./operation-tool.js";

const grant = { scope: "viewer:read" };

const listTopics = operationTool(listDataTopics, {
  title: "Shared-data topics of a date",
  description: "Which shared market-data topics landed on a work date, with their sizes, and every known topic.",
  grant,
  toolset: "reports",
});

const getTopic = operationTool<{ date: string; topic: string }>(getDataTopic, {
  title: "Read a shared-data topic",
  description: "One shared market-data topic document of a work date, as stored.",
  grant,
  toolset: "reports",
  outputSchema: object({ date: str, topic: str, document: topicDocument }),
  async call(args, _ctx, read) {
    const { date, topic, json } = await read(args);
    const document: unknown = JSON.parse(json);
    if (typeof document !== "object" || document === null || Array.isArray(document))
      throw new ConnectError("stored topic is not a JSON object", Code.Internal);
    return { date, topic, document };
  },
});

export const DATA_TOOLS: ToolDefinition[] = [listTopics, getTopic];
