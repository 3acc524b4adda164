/**
 * The bound of a limit-taking tool (spec §4.3): it declares a default and a maximum `limit`, refuses anything
 * outside [1, max] (never a silent clamp), asks its service for one row more than the limit, and reports
 * `{limit, returned, has_more, exact: true}` beside its rows, so `has_more` is observed, not inferred.
 */
import { bool, object } from "../../schemas/common.js";
import type { BoundReport, ToolBound } from "../tool.js";
import { validationError } from "../tool-errors.js";

/** The caller's `limit`, or the bound's default; outside [1, max] a validation error naming `limit`. */
export function limitOf(limit: unknown, bound: ToolBound): number {
  const value = limit ?? bound.default;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > bound.max) {
    throw validationError(`invalid argument 'limit': must be an integer from 1 to ${bound.max}`, "limit");
  }
  return value;
}

/** The first `limit` of rows fetched with `limit + 1`, and the report of what was cut. */
export function boundRows<Row>(fetched: readonly Row[], limit: number): { rows: Row[]; bound: BoundReport } {
  const rows = fetched.slice(0, limit);
  return { rows, bound: { limit, returned: rows.length, has_more: fetched.length > limit, exact: true } };
}

/** Validates the limit, fetches `limit + 1` rows through `fetch`, and bounds them. */
export async function fetchBounded<Row>(
  args: { limit?: unknown },
  bound: ToolBound,
  fetch: (overFetch: number) => Promise<readonly Row[]>,
): Promise<{ rows: Row[]; bound: BoundReport }> {
  const limit = limitOf(args.limit, bound);
  return boundRows(await fetch(limit + 1), limit);
}

/** The `bound` member of a bounded tool's output. */
export const boundReport = object({
  limit: { type: "integer", minimum: 1, description: "The limit applied (the caller's, or the tool's default)." },
  returned: { type: "integer", minimum: 0, description: "Rows in this answer." },
  has_more: {
    ...bool,
    description: "Whether more rows exist past these: observed by fetching one row more than the limit.",
  },
  exact: { const: true, description: "has_more is observed, never inferred from returned === limit." },
});

/** The `limit` argument of a bounded tool (the operations' builder). */
export { limitInput } from "../../operations/input-schemas.js";
