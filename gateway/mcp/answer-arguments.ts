/**
 * `fields` on the tool endpoint: every tool whose answer is not a document in windows takes it, declared in its
 * input schema from the one definition (gateway/answer-shape/parameters.ts). The runner takes it out of the
 * arguments before the tool runs, so the tool and the read cache see (and keep) the whole answer under the same key
 * as a call without it, and cuts the answer after: a cut answer is never cached, and never served to a caller that
 * asked for the whole one.
 */
import { fieldsArgument } from "../answer-shape/parameters.js";
import { FieldsError, projectAnswer, selectFields, type FieldSelection } from "../answer-shape/field-selection.js";
import { callToolResult, type CallToolResult } from "./call-result-json.js";
import type { ToolDefinition } from "./tool.js";
import { validationError } from "./tool-errors.js";

const FIELDS_DESCRIPTION = "Only these fields; omitted: all.";

/** A tool returning a document takes max_chars and offset instead: its answer is the window, not fields to pick. */
const returnsDocument = (tool: ToolDefinition) => "max_chars" in tool.inputSchema.properties;

/** The tool with `fields` among its arguments, unless it returns a document. */
export function withAnswerArguments(tool: ToolDefinition): ToolDefinition {
  if (returnsDocument(tool)) return tool;
  const properties = { ...tool.inputSchema.properties, fields: { ...fieldsArgument, description: FIELDS_DESCRIPTION } };
  return { ...tool, inputSchema: { ...tool.inputSchema, properties } };
}

export const takesFields = (tool: ToolDefinition) => "fields" in tool.inputSchema.properties;

export interface AnswerRequest {
  /** The arguments the tool runs with (and the read cache keys by): without `fields`. */
  args: Record<string, unknown>;
  selection: FieldSelection | undefined;
}

/** Splits validated arguments into the tool's and the cut asked for; a wrong field name is a validation refusal. */
export function answerRequest(tool: ToolDefinition, validated: Record<string, unknown>): AnswerRequest {
  if (!takesFields(tool)) return { args: validated, selection: undefined };
  const { fields, ...args } = validated;
  if (fields === undefined) return { args, selection: undefined };
  try {
    return { args, selection: selectFields(tool.outputSchema, fields as string[]) };
  } catch (error) {
    if (error instanceof FieldsError) throw validationError(`invalid argument 'fields': ${error.message}`, "fields");
    throw error;
  }
}

/** The whole answer cut as asked: a new result (the cached one is left as it is), its `_meta` kept. */
export function shapedResult(result: CallToolResult, { selection }: AnswerRequest): CallToolResult {
  if (!selection) return result;
  const shaped = callToolResult(projectAnswer(result.structuredContent, selection));
  return result._meta ? { ...shaped, _meta: result._meta } : shaped;
}
