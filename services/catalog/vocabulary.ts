/**
 * The catalog's closed value sets and list limits (spec §2.3, §2.5, §4.1, §8). One source for the service's own
 * validation and the gateway's JSON Schemas, so the two cannot drift apart.
 */

export const THREAD_STATUSES = ["queued", "active", "running", "completed", "failed"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** The topic-pool statuses a caller may filter on; the REST `all` (every status, expired and rejected too) is the empty string here. */
export const TOPIC_POOL_FILTERS = ["candidate", "promoted"] as const;

export const SIMILARITY_DECISIONS = ["skip-summarize", "context-augmented", "fresh"] as const;
export type SimilarityDecision = (typeof SIMILARITY_DECISIONS)[number];

/** Languages a caller may ask a card report in; `plain` (no marker) is reached only by the fallback of rule 1. */
export const REPORT_LANGS = ["en", "zh"] as const;
/** Rule 1: with no `lang`, English first, then the language-agnostic report. */
export const DEFAULT_REPORT_LANGS = ["en", "plain"] as const;

export interface LimitBounds {
  max: number;
  fallback: number;
}

export const LIMITS = {
  threads: { max: 200, fallback: 50 },
  topicPool: { max: 500, fallback: 100 },
  similarityLog: { max: 500, fallback: 100 },
} as const satisfies Record<string, LimitBounds>;

/** Trailing window of the similarity log's `summary_7d`, in seconds (decided_at is epoch seconds). */
export const SUMMARY_WINDOW_SECONDS = 7 * 86_400;
