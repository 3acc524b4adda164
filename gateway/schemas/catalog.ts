/** JSON Schemas of the catalog and whiteboard routes (spec §2.2 to §2.5, §4.1, §8). */
import {
  LIMITS,
  SIMILARITY_DECISIONS,
  THREAD_STATUSES,
  TOPIC_POOL_FILTERS,
} from "../../services/catalog/vocabulary.js";
import {
  int,
  langQuery,
  limitInput,
  arrayOf,
  nullable,
  nullableInt,
  nullableNum,
  nullableStr,
  num,
  object,
  str,
  strArray,
} from "./common.js";

// ---- Analysts (§2.2)

const analystSummaryProps = {
  id: str,
  name: str,
  name_en: nullableStr,
  icon: nullableStr,
  agent: nullableStr,
  specialty: nullableStr,
  specialty_en: nullableStr,
  category_id: nullableStr,
  category_name: nullableStr,
  category_name_en: nullableStr,
  tasks_default: strArray,
};

export const analystSummary = object(analystSummaryProps);
export const analystDetail = object({
  ...analystSummaryProps,
  category: nullable(object({ id: str, name: str, name_en: nullableStr })),
});
export const listAnalystsResponse = object({ analysts: arrayOf(analystSummary), count: int });

export const analystParams = object({ analystId: str });

// ---- Threads and cards (§2.3)

const threadStatus = { type: "string", enum: [...THREAD_STATUSES] } as const;

const threadSummaryProps = {
  board_id: { type: "string", format: "uuid" },
  work_date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
  root_analyst_id: nullableStr,
  root_topic: nullableStr,
  root_question: nullableStr,
  status: threadStatus,
  card_count: { type: "integer", minimum: 0 },
  max_cards: { type: "integer", minimum: 0 },
  created_at: int,
  updated_at: int,
};

export const cardSummary = object({
  card_id: str,
  board_id: str,
  card_index: int,
  analyst_id: nullableStr,
  hand: nullableStr,
  topic: nullableStr,
  question: nullableStr,
  stance: nullableStr,
  status: str,
  work_date: nullableStr,
  summary: nullableStr,
  report_path: nullableStr,
  report_r2_key: nullableStr,
  report_url: nullableStr,
  started_at: nullableInt,
  completed_at: nullableInt,
  follow_up_analyst_id: nullableStr,
  follow_up_topic: nullableStr,
});

export const threadSummary = object(threadSummaryProps);
export const threadDetail = object({ ...threadSummaryProps, cards: arrayOf(cardSummary) });
export const listThreadsResponse = object({ threads: arrayOf(threadSummary), count: int });

// Query schemas leave additionalProperties open: a parameter the spec does not define is ignored (as a
// cache-busting `_=` or a tracking parameter should be), while every defined one is checked strictly.
export const threadsQuery = {
  type: "object",
  properties: {
    status: threadStatus,
    limit: limitInput({ max: LIMITS.threads.max, default: LIMITS.threads.fallback }),
  },
  additionalProperties: true,
} as const;

export const boardParams = object({ boardId: str });
export const cardParams = object({ cardId: str });
export const cardReportQuery = { type: "object", properties: { lang: langQuery }, additionalProperties: true } as const;

/** The card report is markdown, not JSON; the schema documents it for the contract. */
export const markdownBody = { type: "string", description: "text/markdown; charset=utf-8" } as const;

// ---- Topic pool (§2.4)

export const topicPoolEntry = object({
  pool_id: str,
  topic: str,
  question: nullableStr,
  suggested_analyst_id: nullableStr,
  rationale: nullableStr,
  source_kind: str,
  source_run_id: nullableStr,
  source_analyst_id: nullableStr,
  priority: str,
  score: num,
  status: { type: "string", enum: ["candidate", "promoted", "expired", "rejected"] },
  promoted_board_id: nullableStr,
  created_at: int,
  promoted_at: nullableInt,
  expires_at: int,
});
export const topicPoolResponse = object({ entries: arrayOf(topicPoolEntry), count: int });

export const TOPIC_POOL_ALL = "all";
export const topicPoolQuery = {
  type: "object",
  properties: {
    status: { type: "string", enum: [...TOPIC_POOL_FILTERS, TOPIC_POOL_ALL], default: TOPIC_POOL_ALL },
    limit: limitInput({ max: LIMITS.topicPool.max, default: LIMITS.topicPool.fallback }),
  },
  additionalProperties: true,
} as const;

// ---- Similarity-gate log (§2.5)

const decision = { type: "string", enum: [...SIMILARITY_DECISIONS] } as const;

export const similarityMatch = object({
  score: num,
  kind: nullableStr,
  id: nullableStr,
  age_days: nullableNum,
  topic: nullableStr,
});

export const similarityLogEntry = object({
  log_id: str,
  decided_at: int,
  pool_id: nullableStr,
  board_id: nullableStr,
  candidate_topic: nullableStr,
  candidate_question: nullableStr,
  decision,
  reason: nullableStr,
  top_cosine: nullableNum,
  top_match_kind: nullableStr,
  top_match_id: nullableStr,
  top_match_age_days: nullableNum,
  matches: arrayOf(similarityMatch),
  // A map of threshold name to a nullable value; the names are not fixed by the spec.
  thresholds: { type: ["object", "null"], additionalProperties: true },
});

export const similarityLogResponse = object({
  entries: arrayOf(similarityLogEntry),
  count: int,
  summary_7d: object(Object.fromEntries(SIMILARITY_DECISIONS.map((d) => [d, int]))),
});

export const similarityLogQuery = {
  type: "object",
  properties: {
    decision,
    limit: limitInput({ max: LIMITS.similarityLog.max, default: LIMITS.similarityLog.fallback }),
  },
  additionalProperties: true,
} as const;
