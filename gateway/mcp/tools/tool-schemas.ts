/**
 * Building blocks of tool input and output schemas. Inputs refuse unknown arguments and state every type, range
 * and enumeration; outputs reuse the REST resource schemas (gateway/schemas) and add the bound report.
 */
import { int, object } from "../../schemas/common.js";
import type { JsonSchema } from "../tool.js";
import { boundReport } from "./bounded.js";
import { windowOutput } from "./document-window.js";
import { nextCursorOutput } from "./keyset-pager.js";

/** A tool's input schema: exactly these arguments, `required` among them. */
export function input(properties: Record<string, unknown>, required: string[] = []): JsonSchema {
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

export const NO_ARGUMENTS = input({});

/** A free-text identifier argument (ids are at most 200 characters everywhere in this service). */
export const idInput = (description: string) => ({ type: "string", minLength: 1, maxLength: 200, description }) as const;

export const workDateInput = (description: string) =>
  ({ type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", format: "date", description }) as const;

export const enumInput = (values: readonly string[], description: string) => ({ type: "string", enum: [...values], description }) as const;

export const langInput = enumInput(["en", "zh"], "Report language; omitted: English, then the language-agnostic report.");

export const arrayOf = <S extends Record<string, unknown>>(items: S) => ({ type: "array", items }) as const;

/** A bounded list: `rows` under `key`, their `count`, the `bound` report, and any context members. */
export function boundedList(key: string, row: Record<string, unknown>, context: Record<string, unknown> = {}) {
  return object({ ...context, [key]: arrayOf(row), count: int, bound: boundReport });
}

/** A keyset page: a bounded list plus `next_cursor`. */
export function keysetList(key: string, row: Record<string, unknown>) {
  return object({ [key]: arrayOf(row), count: int, bound: boundReport, next_cursor: nextCursorOutput });
}

/** A markdown document as a tool returns it (MCP structured content is an object, so the body is a member), windowed. */
export const markdownMembers = {
  markdown: { type: "string", description: "This window of the report, text/markdown." },
  sha256: { type: "string", pattern: "^[0-9a-f]{64}$", description: "Hex SHA-256 of the markdown (the REST route's ETag)." },
  last_modified: { ...int, description: "When this copy was archived, epoch milliseconds." },
  ...windowOutput,
} as const;

