/**
 * Bounded tools (spec §4.3): a tool taking `limit` declares a default and a maximum, and reports
 * `{limit, returned, has_more, exact: true}` beside its rows, so `has_more` is observed, not inferred. `limit` is
 * checked once, by the tool runner against the input schema (`limitInput`, whose range is the bound); here it is
 * only defaulted, for a caller that gives none. `boundedTool` builds the repeated list tools; a bounded operation's
 * tool is built by operationTool with `boundedAnswer`.
 */
import type { ServiceClients } from "../../upstream/clients.js";
import type { BoundedList, JsonSchema } from "../../operations/operation.js";
import { input, limitInput } from "../../operations/input-schemas.js";
import { arrayOf, bool, int, object } from "../../schemas/common.js";
import type { BoundReport, ToolBound, ToolContext, ToolDefinition } from "../tool.js";

/** A page of rows and whether more follow them. */
export interface BoundedRows<Row> {
  rows: Row[];
  hasMore: boolean;
}

/** The caller's `limit` (already checked against the input schema), or the bound's default. */
export const limitOf = (limit: unknown, bound: ToolBound): number => (limit as number | undefined) ?? bound.default;

export const boundOf = (limit: number, { rows, hasMore }: BoundedRows<unknown>): BoundReport => ({
  limit,
  returned: rows.length,
  has_more: hasMore,
  exact: true,
});

/**
 * For a service list that takes a row count rather than answering has_more: fetches `limit + 1` rows and keeps
 * `limit`, the extra row only telling whether more follow.
 */
export async function overFetch<Row>(
  limit: number,
  fetch: (overFetch: number) => Promise<readonly Row[]>,
): Promise<BoundedRows<Row>> {
  const fetched = await fetch(limit + 1);
  return { rows: fetched.slice(0, limit), hasMore: fetched.length > limit };
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

/** A bounded list's output: the context members, the rows under `key`, their `count` and the `bound` report. */
export function boundedList(key: string, row: Record<string, unknown>, context: Record<string, unknown> = {}) {
  return object({ ...context, [key]: arrayOf(row), count: int, bound: boundReport });
}

/** A bounded operation's tool output: the REST answer's other members, then its rows, their count and the bound. */
export function boundedOutput(output: JsonSchema, rows: string) {
  const { [rows]: list, count, ...context } = output.properties;
  return object({ ...context, [rows]: list, count, bound: boundReport });
}

/** A bounded operation's answer as its tool gives it: the REST answer with the `bound` report. */
export async function boundedAnswer<I>(list: BoundedList<I>, args: I & { limit?: number }, clients: ServiceClients) {
  const limit = limitOf(args.limit, list.bound);
  const { answer, hasMore } = await list.read({ ...args, limit }, clients);
  const { [list.rows]: rows, count, ...context } = answer as Record<string, unknown>;
  return { ...context, [list.rows]: rows, count, bound: boundOf(limit, { rows: rows as unknown[], hasMore }) };
}

export interface BoundedToolSpec<Args, Row> extends Omit<
  ToolDefinition<Args>,
  "inputSchema" | "outputSchema" | "bound" | "pager" | "call"
> {
  /** The arguments besides `limit` (which comes last), and which of them are required. */
  args: Record<string, unknown>;
  required?: string[];
  bound: ToolBound;
  /** The output member holding the rows. */
  rows: string;
  /** What `limit` counts, in its description ("Most … to return."); the rows' member name by default. */
  counts?: string;
  /** Their schema. */
  row: Record<string, unknown>;
  /** Members answered before the rows (an echoed filter), and their schemas. */
  context?: Record<string, unknown>;
  /** At most `limit` rows as JSON, whether more follow, and the context members' values. */
  fetch(args: Args, limit: number, ctx: ToolContext): Promise<BoundedRows<Row> & { context?: Record<string, unknown> }>;
}

/** A bounded list tool: its `limit` argument, output schema, default and bound report, from one description. */
export function boundedTool<Args extends { limit?: number }, Row>(
  spec: BoundedToolSpec<Args, Row>,
): ToolDefinition<Args> {
  const { args, required, bound, rows: key, counts = key, row, context, fetch, ...tool } = spec;
  return {
    ...tool,
    inputSchema: input({ ...args, limit: limitInput(bound, counts) }, required),
    outputSchema: boundedList(key, row, context),
    bound,
    pager: "none",
    async call(callArgs, ctx) {
      const limit = limitOf(callArgs.limit, bound);
      const page = await fetch(callArgs, limit, ctx);
      return { ...page.context, [key]: page.rows, count: page.rows.length, bound: boundOf(limit, page) };
    },
  };
}

export { limitInput };
