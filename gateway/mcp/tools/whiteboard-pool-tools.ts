/**
 * The whiteboard's topic pool and similarity-gate log as tools, scope whiteboard:read: the REST lists (spec §2.4,
 * §2.5, gateway/operations/whiteboard.ts) with the same filters, orders and limits, bounded. They read
 * WhiteboardPagesService, whose lists take the `limit + 1` the REST lists' maximum refuses.
 */
import { SimilarityLogEntrySchema, TopicPoolEntrySchema } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { LOG_BOUND, POOL_BOUND, similarityLog, topicPool } from "../../operations/whiteboard.js";
import { similarityLogEntry, similarityLogResponse, TOPIC_POOL_ALL, topicPoolEntry } from "../../schemas/catalog.js";
import type { ToolDefinition } from "../tool.js";
import { boundRows, fetchBounded, limitOf } from "./bounded.js";
import { operationTool } from "./operation-tool.js";
import { boundedList } from "./tool-schemas.js";

const grant = { scope: "whiteboard:read" };

const topicPoolTool = operationTool<{ status?: string; limit?: number }>(topicPool, {
  title: "The whiteboard topic pool",
  description:
    "Candidate topics for whiteboard threads, highest score first: the hourly kickoff drains the top candidate.",
  grant,
  toolset: "whiteboard",
  outputSchema: boundedList("entries", topicPoolEntry),
  bound: POOL_BOUND,
  async call(args, { clients }) {
    const status = args.status === undefined || args.status === TOPIC_POOL_ALL ? "" : args.status;
    const { rows, bound } = await fetchBounded(
      args,
      POOL_BOUND,
      async (n) => (await clients.whiteboardPages.fetchTopicPool({ status, limit: n })).entries,
    );
    return { entries: rows.map((e) => protoToJson(TopicPoolEntrySchema, e)), count: rows.length, bound };
  },
});

const { summary_7d } = similarityLogResponse.properties;

const similarityLogTool = operationTool<{ decision?: string; limit?: number }>(similarityLog, {
  title: "The similarity-gate log",
  description:
    "The similarity gate's decisions before each kickoff, newest first, with summary_7d counting every decision of the trailing seven days whatever `limit` and `decision` cut.",
  grant,
  toolset: "whiteboard",
  outputSchema: boundedList("entries", similarityLogEntry, { summary_7d }),
  bound: LOG_BOUND,
  async call(args, { clients }) {
    const limit = limitOf(args.limit, LOG_BOUND);
    const res = await clients.whiteboardPages.fetchSimilarityLog({ decision: args.decision ?? "", limit: limit + 1 });
    const { rows, bound } = boundRows(res.entries, limit);
    return {
      summary_7d: res.summary7d,
      entries: rows.map((e) => protoToJson(SimilarityLogEntrySchema, e)),
      count: rows.length,
      bound,
    };
  },
});

export const WHITEBOARD_POOL_TOOLS: ToolDefinition[] = [topicPoolTool, similarityLogTool];
