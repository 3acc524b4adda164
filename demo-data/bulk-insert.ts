/**
 * Fast batched inserts: one statement per batch, one array parameter per column, expanded by unnest:
 *   INSERT INTO t (a, b) SELECT u.a, u.b::jsonb FROM unnest($1::text[], $2::text[]) AS u(a, b)
 * jsonb and text[] columns travel as text (JSON text, array literals) and are cast on the server.
 */
import type pg from "pg";
import type { Value } from "./dataset.js";
import type { ColumnType, TableSpec } from "./tables.js";

const PARAM_TYPE: Record<ColumnType, string> = {
  text: "text[]",
  uuid: "uuid[]",
  date: "date[]",
  integer: "int4[]",
  bigint: "int8[]",
  double: "float8[]",
  jsonb: "text[]",
  "text[]": "text[]",
};

const CAST: Partial<Record<ColumnType, string>> = { jsonb: "::jsonb", "text[]": "::text[]" };

/** Rows per statement, and the approximate text volume at which a batch is sent early. */
const MAX_ROWS = 5000;
const MAX_CHARS = 8_000_000;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const qualified = (table: string) => table.split(".").map(quote).join(".");

/** A PostgreSQL array literal for a text[] value: {"a","b \"c\""}. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

function encode(type: ColumnType, value: Value | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === "jsonb") return JSON.stringify(value);
  if (type === "text[]") {
    if (!Array.isArray(value)) throw new Error("demo data: a text[] column needs an array");
    return textArrayLiteral(value as string[]);
  }
  return value;
}

function insertSql(spec: TableSpec): string {
  const names = spec.columns.map(([name]) => quote(name));
  const params = spec.columns.map(([, type], i) => `$${i + 1}::${PARAM_TYPE[type]}`);
  const select = spec.columns.map(([name, type]) => `u.${quote(name)}${CAST[type] ?? ""}`);
  return `INSERT INTO ${qualified(spec.table)} (${names.join(", ")}) SELECT ${select.join(", ")} FROM unnest(${params.join(", ")}) AS u(${names.join(", ")})`;
}

function approxChars(value: unknown): number {
  return typeof value === "string" ? value.length : 8;
}

/** Inserts every row of one table; returns the number inserted. */
export async function bulkInsert(
  client: pg.ClientBase,
  spec: TableSpec,
  rows: readonly Record<string, Value>[],
): Promise<number> {
  const sql = insertSql(spec);
  const known = new Set(spec.columns.map(([name]) => name));
  let columns: unknown[][] = spec.columns.map(() => []);
  let count = 0;
  let chars = 0;
  const flush = async () => {
    if (count === 0) return;
    await client.query(sql, columns);
    columns = spec.columns.map(() => []);
    count = 0;
    chars = 0;
  };
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!known.has(key)) throw new Error(`demo data: ${spec.table} has no column ${key}`);
    }
    spec.columns.forEach(([name, type], i) => {
      const v = encode(type, row[name]);
      chars += approxChars(v);
      columns[i]!.push(v);
    });
    count++;
    if (count >= MAX_ROWS || chars >= MAX_CHARS) await flush();
  }
  await flush();
  return rows.length;
}
