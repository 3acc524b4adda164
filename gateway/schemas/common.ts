/**
 * JSON Schema building blocks: the one vocabulary of the REST routes (response serialization, validation, OpenAPI),
 * the operations' and tools' inputs (gateway/operations/input-schemas.ts builds on it) and the tools' outputs.
 */
import { WORK_DATE_PATTERN } from "../../lib/work-date.js";

export { WORK_DATE_PATTERN };

export const str = { type: "string" } as const;
export const int = { type: "integer" } as const;
export const num = { type: "number" } as const;
export const bool = { type: "boolean" } as const;
export const nullableStr = { type: ["string", "null"] } as const;
export const nullableInt = { type: ["integer", "null"] } as const;
export const nullableNum = { type: ["number", "null"] } as const;
export const arrayOf = <S extends Record<string, unknown>>(items: S) => ({ type: "array", items }) as const;
export const strArray = arrayOf(str);

/** An object whose every listed property is required (the spec's "always present"). */
export function object<P extends Record<string, unknown>>(properties: P) {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false } as const;
}

export const nullable = <S extends Record<string, unknown>>(schema: S) =>
  ({ anyOf: [schema, { type: "null" }] }) as const;

export const errorResponse = {
  type: "object",
  properties: { error: str, required: str, granted: strArray },
  required: ["error"],
} as const;

/** A YYYY-MM-DD work date that is also a real calendar date. */
export const workDate = { type: "string", pattern: WORK_DATE_PATTERN, format: "date" } as const;

export const langQuery = { type: "string", enum: ["en", "zh"] } as const;

/** How many rows a list may return: its default and its largest accepted `limit`. */
export interface Bound {
  /** `limit` when the caller gives none. */
  default: number;
  /** The largest `limit` accepted; more is a 400 or a validation error, never a silent clamp. */
  max: number;
}

/**
 * The one `limit` schema: an integer in [1, max] with the bound's default; a tool's says what it counts (a REST
 * query parameter carries no description).
 */
export function limitInput(bound: Bound, rows?: string) {
  const range = { type: "integer", minimum: 1, maximum: bound.max, default: bound.default } as const;
  return rows === undefined ? range : { ...range, description: `Most ${rows} to return.` };
}

/** Error responses every gated route may answer. */
export const gatedErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse } as const;

/** The preconditions a cacheable markdown route answers 304 to (RFC 9110 §13.2.2); any other header is allowed. */
export const conditionalHeaders = {
  type: "object",
  properties: {
    "if-none-match": { type: "string", description: "ETags of cached copies (or *); when present, decides alone." },
    "if-modified-since": {
      type: "string",
      description: "HTTP date of the cached copy; used only without If-None-Match.",
    },
  },
} as const;

/** The one precondition a route with an ETag but no trustworthy modification date answers 304 to. */
export const etagHeaders = {
  type: "object",
  properties: { "if-none-match": conditionalHeaders.properties["if-none-match"] },
} as const;
