/** JSON Schemas of POST /api/v1/search (spec §2.9, §8). String lengths count characters (code points), as ajv does. */
import { MAX_SCOPE_ID_CHARS, QUERY_CHARS, TOP_K } from "../../services/search/limits.js";
import { bool, nullableInt, nullableStr, num, object, str } from "./common.js";

const scopeId = { type: "string", minLength: 1, maxLength: MAX_SCOPE_ID_CHARS } as const;

/** SearchRequest: validated without type coercion; unknown fields are refused. */
export const searchRequest = {
  type: "object",
  properties: {
    query: { type: "string", minLength: QUERY_CHARS.min, maxLength: QUERY_CHARS.max },
    analyst_id: scopeId,
    session_id: scopeId,
    top_k: { type: "integer", minimum: TOP_K.min, maximum: TOP_K.max, default: TOP_K.fallback },
  },
  required: ["query"],
  additionalProperties: false,
} as const;

export interface SearchBody {
  query: string;
  analyst_id?: string;
  session_id?: string;
  top_k?: number;
}

export const searchMatch = object({
  score: num,
  session_id: nullableStr,
  path: nullableStr,
  title: nullableStr,
  excerpt: nullableStr,
  archived_at: nullableInt,
});

export const searchResponse = object({
  query: str,
  search_ready: bool,
  results: { type: "array", items: searchMatch },
});
