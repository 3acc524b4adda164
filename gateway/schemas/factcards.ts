/** JSON Schemas of the fact-card routes (spec §2.10, §4.1, §8). */
import { SEARCH_MODES } from "../../services/search/limits.js";
import {
  CLAIM_CATEGORIES,
  EMBEDDING_STATUSES,
  FACT_CARD_STATUSES,
  LIST_LIMIT,
  MAX_CURSOR_CHARS,
  MAX_ID_CHARS,
  PARENT_KINDS,
  PRIORITIES,
  SIMILAR_TOP_K,
  VERDICTS,
} from "../../services/factcard/vocabulary.js";
import { int, limitInput, nullableInt, nullableNum, nullableStr, num, object, str } from "./common.js";

const oneOf = (values: readonly string[]) => ({ type: "string", enum: [...values] }) as const;
const nullableOneOf = (values: readonly string[]) => ({ type: ["string", "null"], enum: [...values, null] }) as const;
const id = { type: "string", minLength: 1, maxLength: MAX_ID_CHARS } as const;

export const factCard = object({
  fact_card_id: str,
  parent_kind: oneOf(PARENT_KINDS),
  parent_id: str,
  parent_session_id: nullableStr,
  claim_text: str,
  claim_text_en: str,
  claim_category: oneOf(CLAIM_CATEGORIES),
  priority: oneOf(PRIORITIES),
  status: oneOf(FACT_CARD_STATUSES),
  verdict: nullableOneOf(VERDICTS),
  found_text: nullableStr,
  found_text_en: nullableStr,
  source_urls: { type: ["array", "null"], items: str },
  similar_to_fact_id: nullableStr,
  similarity_score: nullableNum,
  embedding_status: oneOf(EMBEDDING_STATUSES),
  created_at: int,
  completed_at: nullableInt,
  updated_at: int,
});

export const listFactCardsResponse = object({
  fact_cards: { type: "array", items: factCard },
  count: int,
  next_cursor: nullableStr,
});

/** Filters are optional; other query parameters are ignored, as on every route. */
export const listFactCardsQuery = {
  type: "object",
  properties: {
    parent_kind: oneOf(PARENT_KINDS),
    parent_id: id,
    status: oneOf(FACT_CARD_STATUSES),
    claim_category: oneOf(CLAIM_CATEGORIES),
    verdict: oneOf(VERDICTS),
    limit: limitInput({ max: LIST_LIMIT.max, default: LIST_LIMIT.fallback }),
    cursor: { type: "string", minLength: 1, maxLength: MAX_CURSOR_CHARS },
  },
} as const;

export interface ListFactCardsQuery {
  parent_kind?: string;
  parent_id?: string;
  status?: string;
  claim_category?: string;
  verdict?: string;
  limit: number;
  cursor?: string;
}

export const factCardParams = object({ factCardId: id });

export const similarFactsQuery = {
  type: "object",
  properties: {
    top_k: { type: "integer", minimum: SIMILAR_TOP_K.min, maximum: SIMILAR_TOP_K.max, default: SIMILAR_TOP_K.fallback },
    same_category: { type: "string", enum: ["0", "1"], default: "0" },
    // Absent: cosine neighbours of the English claim (spec §4.1 rule 9). Given: ranked as search ranks.
    mode: { type: "string", enum: [...SEARCH_MODES] },
  },
} as const;

export const similarFactMatch = object({
  fact_card_id: str,
  score: num,
  claim_category: nullableOneOf(CLAIM_CATEGORIES),
  verdict: nullableOneOf(VERDICTS),
  claim_text_en: nullableStr,
  completed_at: nullableInt,
});

export const similarFactsResponse = object({
  fact_card_id: str,
  count: int,
  matches: { type: "array", items: similarFactMatch },
  reuse_policy: {
    type: "object",
    // Every claim category is present.
    properties: Object.fromEntries(CLAIM_CATEGORIES.map((c) => [c, object({ threshold: num, ttlDays: int })])),
    required: [...CLAIM_CATEGORIES],
    additionalProperties: false,
  },
});
