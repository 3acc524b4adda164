/**
 * The importer's write: one multi-row upsert per batch, one array parameter per column expanded by unnest,
 *   INSERT … SELECT … FROM unnest($1::text[], …) ON CONFLICT (key) DO UPDATE SET … WHERE (row) IS DISTINCT FROM (new)
 * The WHERE makes a row that already holds the line's values untouched: no new tuple, no trigger sees it (the
 * portfolio series versions stay put), and RETURNING counts only rows that are new or changed.
 */
import type pg from "pg";
import { encodeValue, type Column } from "./columns.js";

export interface TableWrite {
  /** Schema-qualified table. */
  table: string;
  key: readonly string[];
  columns: readonly (readonly [name: string, column: Column])[];
  /**
   * Columns the importer sets itself instead of taking them from the line: the value on insert, and the
   * expression on update (`t` is the stored row, `excluded` the proposed one). Not compared for "changed".
   */
  derived?: readonly { name: string; insert: string; update: string }[];
  /** Columns written when the row is new and left as they are when it exists (a place in an order, say). */
  insertOnly?: readonly string[];
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export function upsertSql(spec: TableWrite): string {
  const names = spec.columns.map(([name]) => name);
  const derived = spec.derived ?? [];
  const params = spec.columns.map(([, c], i) => `$${i + 1}::${c.param}`);
  const select = [
    ...spec.columns.map(([name, c]) => `u.${quote(name)}${c.cast ?? ""}`),
    ...derived.map((d) => d.insert),
  ];
  const all = [...names, ...derived.map((d) => d.name)].map(quote);
  const updated = names.filter((n) => !spec.key.includes(n) && !spec.insertOnly?.includes(n));
  const set = [
    ...updated.map((n) => `${quote(n)} = excluded.${quote(n)}`),
    ...derived.map((d) => `${quote(d.name)} = ${d.update}`),
  ];
  const compared = updated.length ? updated : names;
  const distinct = `(${compared.map((n) => `t.${quote(n)}`).join(", ")}) IS DISTINCT FROM (${compared.map((n) => `excluded.${quote(n)}`).join(", ")})`;
  const conflict =
    updated.length || derived.length ? `DO UPDATE SET ${set.join(", ")} WHERE ${distinct}` : "DO NOTHING";
  return `INSERT INTO ${spec.table} AS t (${all.join(", ")})
    SELECT ${select.join(", ")} FROM unnest(${params.join(", ")}) AS u(${names.map(quote).join(", ")})
    ON CONFLICT (${spec.key.map(quote).join(", ")}) ${conflict}
    RETURNING 1`;
}

const sqlCache = new WeakMap<TableWrite, string>();

/**
 * Upserts `rows` (objects keyed by column name); returns how many rows were new or changed. A key repeated in the
 * batch keeps its last row, as a later line overrides an earlier one across batches too.
 */
export async function upsertRows(
  client: pg.ClientBase,
  spec: TableWrite,
  rows: readonly Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const byKey = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const key = JSON.stringify(spec.key.map((k) => row[k]));
    byKey.delete(key);
    byKey.set(key, row);
  }
  const unique = [...byKey.values()];
  const params = spec.columns.map(([name, column]) => unique.map((row) => encodeValue(column, row[name])));
  let sql = sqlCache.get(spec);
  if (!sql) sqlCache.set(spec, (sql = upsertSql(spec)));
  const { rowCount } = await client.query(sql, params);
  return rowCount ?? 0;
}
