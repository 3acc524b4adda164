/**
 * An operation whose answer is a bounded list. Its service call takes the list's one limit rule and answers
 * `has_more` itself, so REST and the tool read the same call with the same limit: REST sends the list as the spec
 * shows it, without `has_more`; the tool reports it in its `bound` (gateway/mcp/tools/operation-tool.ts).
 */
import type { BoundedList, Operation } from "./operation.js";

export function boundedOperation<Input, Answer>(
  op: Omit<Operation<Input, Answer>, "call" | "list"> & { list: BoundedList<Input, Answer> },
): Operation<Input, Answer> {
  const { read } = op.list;
  return { ...op, call: async (input, clients) => (await read(input, clients)).answer };
}

/** A list response's JSON as REST sends it, and its `has_more` apart. */
export function splitHasMore(json: { [key: string]: unknown }): {
  answer: { [key: string]: unknown };
  hasMore: boolean;
} {
  const { has_more, ...answer } = json;
  return { answer, hasMore: has_more === true };
}
