/**
 * The whiteboard's topic pool and similarity-gate log as tools, scope whiteboard:read: the REST lists (spec §2.4,
 * §2.5) with the same filters, orders and limits, bounded.
 */
import { SimilarityLogEntrySchema, TopicPoolEntrySchema } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { LIMITS, SIMILARITY_DECISIONS, TOPIC_POOL_FILTERS } from "../../../services/catalog/vocabulary.js";
import { similarityLogEntry, similarityLogResponse, TOPIC_POOL_ALL, topicPoolEntry } from "../../schemas/catalog.js";
import type { ToolDefinition } from "../tool.js";
import { boundRows, fetchBounded, limitInput, limitOf } from "./bounded.js";
import { boundedList, enumInput, input } from "./tool-schemas.js";

const grant = { scope: "whiteboard:read" };
const POOL_BOUND = { default: LIMITS.topicPool.fallback, max: LIMITS.topicPool.max };
const LOG_BOUND = { default: LIMITS.similarityLog.fallback, max: LIMITS.similarityLog.max };

const topicPool: ToolDefinition<{ status?: string; limit?: number }> = {
  name: "whiteboard_topic_pool",
  title: "The whiteboard topic pool",
  description:
    "Candidate topics for whiteboard threads, highest score first: the hourly kickoff drains the top candidate.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({
    status: { ...enumInput([...TOPIC_POOL_FILTERS, TOPIC_POOL_ALL], "candidate, promoted, or all (every status, expired and rejected too)."), default: TOPIC_POOL_ALL },
    limit: limitInput(POOL_BOUND, "entries"),
  }),
  outputSchema: boundedList("entries", topicPoolEntry),
  bound: POOL_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const status = args.status === undefined || args.status === TOPIC_POOL_ALL ? "" : args.status;
    const { rows, bound } = await fetchBounded(args, POOL_BOUND, async (n) => (await clients.whiteboardPages.fetchTopicPool({ status, limit: n })).entries);
    return { entries: rows.map((e) => protoToJson(TopicPoolEntrySchema, e)), count: rows.length, bound };
  },
};

const { summary_7d } = similarityLogResponse.properties;

const similarityLog: ToolDefinition<{ decision?: string; limit?: number }> = {
  name: "whiteboard_similarity_log",
  title: "The similarity-gate log",
  description:
    "The similarity gate's decisions before each kickoff, newest first, with summary_7d counting every decision of the trailing seven days whatever `limit` and `decision` cut.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({
    decision: enumInput(SIMILARITY_DECISIONS, "Only this decision; omitted: every decision."),
    limit: limitInput(LOG_BOUND, "entries"),
  }),
  outputSchema: boundedList("entries", similarityLogEntry, { summary_7d }),
  bound: LOG_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const limit = limitOf(args.limit, LOG_BOUND);
    const res = await clients.whiteboardPages.fetchSimilarityLog({ decision: args.decision ?? "", limit: limit + 1 });
    const { rows, bound } = boundRows(res.entries, limit);
    return { summary_7d: res.summary7d, entries: rows.map((e) => protoToJson(SimilarityLogEntrySchema, e)), count: rows.length, bound };
  },
};

export const WHITEBOARD_POOL_TOOLS: ToolDefinition[] = [topicPool, similarityLog];
