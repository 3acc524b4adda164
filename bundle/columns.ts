/**
 * Column types of the bundle: for each, the JSON Schema a line's value must meet (tight enough that a valid line
 * never fails on the database's own types), how the export selects it, and how a batch of values travels to
 * PostgreSQL as one array parameter of an unnest (json and text[] as text, cast on the server).
 */
import { textArrayLiteral } from "../demo-data/bulk-insert.js";

export interface Column {
  schema: Record<string, unknown>;
  /** The array type of the unnest parameter. */
  param: string;
  /** Cast applied to the unnested value (jsonb, text[] travel as text). */
  cast?: string;
  /** The select expression for column `c` of table alias `t`. */
  select?: (qualified: string) => string;
  encode?: (value: unknown) => unknown;
}

/** A string (validate.ts refuses a NUL anywhere in a line: neither text nor jsonb can hold it). */
const TEXT = { type: "string" } as const;
const INT32 = { type: "integer", minimum: -2147483648, maximum: 2147483647 } as const;
const SAFE_INT = { type: "integer", minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const;

export const text: Column = { schema: TEXT, param: "text[]" };
export const id: Column = { schema: { ...TEXT, minLength: 1 }, param: "text[]" };
export const uuid: Column = {
  schema: { type: "string", format: "uuid" },
  param: "uuid[]",
  select: (c) => `${c}::text`,
};
/** A YYYY-MM-DD calendar date. */
export const date: Column = {
  schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", format: "date" },
  param: "date[]",
  select: (c) => `${c}::text`,
};
export const int32: Column = { schema: INT32, param: "int4[]" };
/** Epoch milliseconds (or seconds where a column says so): a bigint within JavaScript's exact integers. */
export const epoch: Column = { schema: SAFE_INT, param: "int8[]" };
export const double: Column = { schema: { type: "number" }, param: "float8[]" };
export const boolean: Column = { schema: { type: "boolean" }, param: "bool[]" };
export const textArray: Column = {
  schema: { type: "array", items: TEXT },
  param: "text[]",
  cast: "::text[]",
  encode: (v) => textArrayLiteral(v as string[]),
};

/** Free JSON held in a jsonb column, optionally narrowed by `schema`. */
export const json = (schema: Record<string, unknown> = {}): Column => ({
  schema,
  param: "text[]",
  cast: "::jsonb",
  encode: (v) => JSON.stringify(v),
});

export const oneOf = (values: readonly string[]): Column => ({
  schema: { type: "string", enum: [...values] },
  param: "text[]",
});

/** The same column, null allowed (the key is still required: every field of a line is always present). */
export function nullable(column: Column): Column {
  const schema = column.schema;
  const widened =
    "enum" in schema
      ? { ...schema, type: ["string", "null"], enum: [...(schema.enum as unknown[]), null] }
      : typeof schema.type === "string" && !("format" in schema)
        ? { ...schema, type: [schema.type, "null"] }
        : { anyOf: [schema, { type: "null" }] };
  return { ...column, schema: widened };
}

/** The value of one line's field as the unnest parameter wants it. */
export function encodeValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return column.encode ? column.encode(value) : value;
}
