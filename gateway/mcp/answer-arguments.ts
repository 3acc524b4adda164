/**
 * `fields` and `format` on the tool endpoint: every tool whose answer is not a document in windows takes `fields`,
 * and every list among them `format` (csv or json), declared in its input schema from the one definition
 * (gateway/answer-shape/parameters.ts). The runner takes both out of the arguments before the tool runs, so the tool
 * and the read cache see (and keep) the whole answer under the same key as a call without them, and shapes the
 * answer after: a cut answer is never cached, and never served to a caller that asked for the whole one.
 */
import { answerShape } from "../answer-shape/answer-shape.js";
import { toCsv } from "../answer-shape/csv.js";
import { fieldsArgument, formatArgument, type AnswerFormat } from "../answer-shape/parameters.js";
import { FieldsError, projectAnswer, selectFields, type FieldSelection } from "../answer-shape/field-selection.js";
import { callToolResult, type CallToolResult } from "./call-result-json.js";
import type { ToolDefinition } from "./tool.js";
import { validationError } from "./tool-errors.js";

const FIELDS_DESCRIPTION = "Only these fields; omitted: all.";
const FORMAT_DESCRIPTION = "csv: the rows as CSV text.";

/** A tool returning a document takes max_chars and offset instead: its answer is the window, not fields to pick. */
const returnsDocument = (tool: ToolDefinition) => "max_chars" in tool.inputSchema.properties;

/** The tool with `fields` among its arguments, and `format` if its answer is a list, unless it returns a document. */
export function withAnswerArguments(tool: ToolDefinition): ToolDefinition {
  if (returnsDocument(tool)) return tool;
  const list = answerShape(tool.outputSchema).list !== undefined;
  const properties = {
    ...tool.inputSchema.properties,
    fields: { ...fieldsArgument, description: FIELDS_DESCRIPTION },
    ...(list ? { format: { ...formatArgument, description: FORMAT_DESCRIPTION } } : {}),
  };
  return { ...tool, inputSchema: { ...tool.inputSchema, properties } };
}

export const takesFields = (tool: ToolDefinition) => "fields" in tool.inputSchema.properties;

export interface AnswerRequest {
  /** The arguments the tool runs with (and the read cache keys by): without `fields` and `format`. */
  args: Record<string, unknown>;
  selection: FieldSelection | undefined;
  format: AnswerFormat;
  /** Where a list answer keeps its rows and which members a row has (for CSV columns). */
  schema: ToolDefinition["outputSchema"];
}

/** Splits validated arguments into the tool's and the shape asked for; a wrong field name is a validation refusal. */
export function answerRequest(tool: ToolDefinition, validated: Record<string, unknown>): AnswerRequest {
  const schema = tool.outputSchema;
  if (!takesFields(tool)) return { args: validated, selection: undefined, format: "json", schema };
  const { fields, format = "json", ...args } = validated;
  if (fields === undefined) return { args, selection: undefined, format: format as AnswerFormat, schema };
  try {
    return { args, selection: selectFields(schema, fields as string[]), format: format as AnswerFormat, schema };
  } catch (error) {
    if (error instanceof FieldsError) throw validationError(`invalid argument 'fields': ${error.message}`, "fields");
    throw error;
  }
}

/** A list answer's text as CSV of its rows (columns: `fields` as given, else the row's members), then the rest as JSON. */
function csvTexts(answer: Record<string, unknown>, { selection, schema }: AnswerRequest): string[] {
  const shape = answerShape(schema);
  const list = shape.list!;
  const columns = selection
    ? [...new Set(selection.names.map((name) => name.split(".")[0]!))]
    : Object.keys(shape.subject.properties as object);
  const { [list]: rows, ...rest } = answer;
  return [toCsv(columns, rows as Array<Record<string, unknown>>), JSON.stringify(rest)];
}

/** The whole answer shaped as asked: a new result (the cached one is left as it is), its `_meta` kept. */
export function shapedResult(result: CallToolResult, request: AnswerRequest): CallToolResult {
  if (!request.selection && request.format === "json") return result;
  const answer = request.selection
    ? projectAnswer(result.structuredContent, request.selection)
    : result.structuredContent;
  const shaped = callToolResult(answer, request.format === "csv" ? csvTexts(answer, request) : undefined);
  return result._meta ? { ...shaped, _meta: result._meta } : shaped;
}
