/** JSON Schemas of POST /api/v1/search (spec §2.9, §8, plus the added modes, filters and explanations). String lengths count characters (code points), as ajv does. */
import {
  DOCUMENT_LANGS,
  MAX_EPOCH_MS,
  MAX_KIND_CHARS,
  MAX_KINDS,
  MAX_SCOPE_ID_CHARS,
  QUERY_CHARS,
  SEARCH_MODES,
  TOP_K,
} from "../../services/search/limits.js";
import { bool, int, nullable, nullableInt, nullableStr, num, object, str, WORK_DATE_PATTERN } from "./common.js";

const scopeId = { type: "string", minLength: 1, maxLength: MAX_SCOPE_ID_CHARS } as const;
/**
 * Epoch milliseconds, or a work date YYYY-MM-DD (its 00:00 in Asia/Singapore). A choice of shapes rather than a
 * `type` array, which several agent hosts refuse in an input schema.
 */
const instant = {
  anyOf: [
    { type: "integer", minimum: 0, maximum: MAX_EPOCH_MS },
    { type: "string", pattern: WORK_DATE_PATTERN },
  ],
} as const;

/** SearchRequest: validated without type coercion; unknown fields are refused. */
export const searchRequest = {
  type: "object",
  properties: {
    query: { type: "string", minLength: QUERY_CHARS.min, maxLength: QUERY_CHARS.max },
    analyst_id: scopeId,
    session_id: scopeId,
    top_k: { type: "integer", minimum: TOP_K.min, maximum: TOP_K.max, default: TOP_K.fallback },
    mode: { type: "string", enum: [...SEARCH_MODES], default: "hybrid" },
    kinds: {
      type: "array",
      items: { type: "string", minLength: 1, maxLength: MAX_KIND_CHARS },
      minItems: 1,
      maxItems: MAX_KINDS,
    },
    lang: { type: "string", enum: [...DOCUMENT_LANGS] },
    archived_after: instant,
    archived_before: instant,
    explain: { type: "boolean", default: false },
  },
  required: ["query"],
  additionalProperties: false,
} as const;

export interface SearchBody {
  query: string;
  analyst_id?: string;
  session_id?: string;
  top_k?: number;
  mode?: string;
  kinds?: string[];
  lang?: string;
  archived_after?: number | string;
  archived_before?: number | string;
  explain?: boolean;
}

/** The body's added fields as the SearchRequest message has them (shared by the REST route and the tool). */
export function searchFilters(body: Omit<SearchBody, "query" | "top_k">) {
  return {
    analystId: body.analyst_id,
    sessionId: body.session_id,
    mode: body.mode,
    kinds: body.kinds ?? [],
    lang: body.lang,
    archivedAfter: body.archived_after === undefined ? undefined : String(body.archived_after),
    archivedBefore: body.archived_before === undefined ? undefined : String(body.archived_before),
    explain: body.explain ?? false,
  };
}

const rankScore = object({ rank: int, score: num });

export const searchMatch = object({
  score: num,
  session_id: nullableStr,
  path: nullableStr,
  title: nullableStr,
  excerpt: nullableStr,
  archived_at: nullableInt,
  highlights: { type: "array", items: object({ start: int, end: int, term: str }) },
  match: { type: "string", enum: ["keyword", "semantic", "both"] },
  explain: nullable(
    object({ keyword: nullable(rankScore), semantic: nullable(rankScore), rrf_k: int, bridge: nullable(rankScore) }),
  ),
});

export const searchResponse = object({
  query: str,
  search_ready: bool,
  results: { type: "array", items: searchMatch },
});
