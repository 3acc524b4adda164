/**
 * Building blocks of tool output schemas: they reuse the REST resource schemas (gateway/schemas) and add the bound
 * report. The input builders are the operations' (gateway/operations/input-schemas.ts), re-exported here.
 */
import { arrayOf, int, object } from "../../schemas/common.js";

export { arrayOf };
import { boundReport } from "./bounded.js";
export { boundedList } from "./bounded.js";
import { windowOutput } from "./document-window.js";
import { nextCursorOutput } from "./keyset-pager.js";

export { enumInput, idInput, input, langInput, NO_ARGUMENTS, workDateInput } from "../../operations/input-schemas.js";

/** A position in a sequence read in order (a chain's steps, a session's messages): rows after this seq. */
export const afterSeqInput = {
  type: "integer",
  minimum: 0,
  maximum: 2147483647,
  default: 0,
  description: "Start after this seq; 0 from the start.",
} as const;

/** A keyset page: a bounded list plus `next_cursor`. */
export function keysetList(key: string, row: Record<string, unknown>) {
  return object({ [key]: arrayOf(row), count: int, bound: boundReport, next_cursor: nextCursorOutput });
}

/** A markdown document as a tool returns it (MCP structured content is an object, so the body is a member), windowed. */
export const markdownMembers = {
  markdown: { type: "string", description: "This window of the report, text/markdown." },
  sha256: {
    type: "string",
    pattern: "^[0-9a-f]{64}$",
    description: "Hex SHA-256 of the markdown (the REST route's ETag).",
  },
  last_modified: { ...int, description: "When this copy was archived, epoch milliseconds." },
  ...windowOutput,
} as const;
