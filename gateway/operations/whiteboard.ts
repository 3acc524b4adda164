/**
 * The whiteboard (spec §2.3 to §2.5, §4.1): threads, one thread with its cards, a card's report (rule 1), the topic
 * pool and the similarity-gate log, scope whiteboard:read. The three lists are bounded operations: one service call
 * each, whose limit rule (the spec's §8 bounds) REST and the tools both declare, answering has_more itself; the
 * service's "every status" is the empty filter.
 */
import {
  CardSummarySchema,
  ListSimilarityLogResponseSchema,
  ListThreadsResponseSchema,
  ListTopicPoolResponseSchema,
  ThreadDetailSchema,
  type CardSummary,
  type ThreadDetail,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import {
  LIMITS,
  SIMILARITY_DECISIONS,
  THREAD_STATUSES,
  TOPIC_POOL_FILTERS,
} from "../../services/catalog/vocabulary.js";
import {
  listThreadsResponse,
  similarityLogResponse,
  threadDetail,
  TOPIC_POOL_ALL,
  topicPoolResponse,
} from "../schemas/catalog.js";
import { enumInput, idInput, input, langInput, limitInput } from "./input-schemas.js";
import { boundedOperation, splitHasMore } from "./bounded-operation.js";
import type { Operation } from "./operation.js";
import { linkTo } from "./route-links.js";
import { markdownAnswer, markdownResult, required } from "./service-answers.js";

const scope = "whiteboard:read";
export const THREADS_BOUND = { default: LIMITS.threads.fallback, max: LIMITS.threads.max };
export const POOL_BOUND = { default: LIMITS.topicPool.fallback, max: LIMITS.topicPool.max };
export const LOG_BOUND = { default: LIMITS.similarityLog.fallback, max: LIMITS.similarityLog.max };

export const statusInput = enumInput(THREAD_STATUSES, "Only threads in this status; omitted: every status.");
export const cardIdInput = idInput("The card's id, as card_id in a thread's cards.");

export const listThreads = boundedOperation<{ status?: string; limit: number }, unknown>({
  route: { method: "GET", path: "/api/v1/whiteboard/threads" },
  tool: "whiteboard_list_threads",
  scope,
  input: input({ status: statusInput, limit: limitInput(THREADS_BOUND, "threads") }),
  output: listThreadsResponse,
  list: {
    rows: "threads",
    bound: THREADS_BOUND,
    read: async ({ status = "", limit }, clients) =>
      splitHasMore(protoToJson(ListThreadsResponseSchema, await clients.catalog.listThreads({ status, limit }))),
  },
});

export const getThread: Operation<{ board_id: string }> = {
  route: { method: "GET", path: "/api/v1/whiteboard/threads/{boardId}" },
  tool: "whiteboard_get_thread",
  scope,
  input: input({ board_id: idInput("The board's id (a uuid), as board_id in whiteboard_list_threads.") }, ["board_id"]),
  output: threadDetail,
  async call({ board_id }, clients) {
    const { thread } = await clients.catalog.getThread({ boardId: board_id });
    return threadDetailJson(required(thread, "a thread"));
  },
};

export const cardReport: Operation<{ card_id: string; lang?: string }> = {
  route: { method: "GET", path: "/api/v1/whiteboard/cards/{cardId}/report" },
  tool: "whiteboard_card_report",
  scope,
  input: input({ card_id: cardIdInput, lang: langInput }, ["card_id"]),
  output: markdownAnswer,
  call: async ({ card_id, lang }, clients) =>
    markdownResult((await clients.catalog.getCardReport({ cardId: card_id, lang: lang ?? "" })).document),
};

/** Where a card's report is served. */
export const cardReportUrl = (cardId: string) => linkTo(cardReport, { cardId });

/**
 * A card as the answers show it (spec §2.3): the service's CardSummary, with `report_url` in its place when a report
 * is stored (null otherwise) instead of `has_report`.
 */
function cardJson(json: { [key: string]: unknown }) {
  const { has_report, started_at, completed_at, follow_up_analyst_id, follow_up_topic, ...head } = json;
  return {
    ...head,
    report_url: has_report === true ? cardReportUrl(json.card_id as string) : null,
    started_at,
    completed_at,
    follow_up_analyst_id,
    follow_up_topic,
  };
}

export const cardSummaryJson = (card: CardSummary) => cardJson(protoToJson(CardSummarySchema, card));

export function threadDetailJson(thread: ThreadDetail) {
  const json = protoToJson(ThreadDetailSchema, thread);
  return { ...json, cards: (json.cards as { [key: string]: unknown }[]).map(cardJson) };
}

export const topicPool = boundedOperation<{ status?: string; limit: number }, unknown>({
  route: { method: "GET", path: "/api/v1/whiteboard/topic-pool" },
  tool: "whiteboard_topic_pool",
  scope,
  input: input({
    status: {
      ...enumInput(
        [...TOPIC_POOL_FILTERS, TOPIC_POOL_ALL],
        "candidate, promoted, or all (every status, expired and rejected too).",
      ),
      default: TOPIC_POOL_ALL,
    },
    limit: limitInput(POOL_BOUND, "entries"),
  }),
  output: topicPoolResponse,
  list: {
    rows: "entries",
    bound: POOL_BOUND,
    async read({ status, limit }, clients) {
      const filter = status === undefined || status === TOPIC_POOL_ALL ? "" : status;
      const response = await clients.catalog.listTopicPool({ status: filter, limit });
      return splitHasMore(protoToJson(ListTopicPoolResponseSchema, response));
    },
  },
});

export const similarityLog = boundedOperation<{ decision?: string; limit: number }, unknown>({
  route: { method: "GET", path: "/api/v1/whiteboard/similarity-log" },
  tool: "whiteboard_similarity_log",
  scope,
  input: input({
    decision: enumInput(SIMILARITY_DECISIONS, "Only this decision; omitted: every decision."),
    limit: limitInput(LOG_BOUND, "entries"),
  }),
  output: similarityLogResponse,
  list: {
    rows: "entries",
    bound: LOG_BOUND,
    read: async ({ decision = "", limit }, clients) =>
      splitHasMore(
        protoToJson(ListSimilarityLogResponseSchema, await clients.catalog.listSimilarityLog({ decision, limit })),
      ),
  },
});

export const WHITEBOARD_OPERATIONS = [listThreads, getThread, cardReport, topicPool, similarityLog];
