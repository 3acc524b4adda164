/**
 * A kind whose line is one table row, field for field: the schema, export query and upsert all follow from the
 * column list. Most kinds are this; the REST-shaped ones list their columns in the REST resource's field order.
 */
import type { Column } from "./columns.js";
import type { Kind } from "./kind.js";
import { upsertRows, type TableWrite } from "./upsert.js";

export interface TableKindSpec extends TableWrite, Pick<Kind, "lineBound"> {
  name: string;
  describe: string;
}

/** A JSON Schema object whose every property is required and no other is allowed. */
export function lineSchema(properties: Record<string, unknown>) {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

export const schemaOf = (columns: readonly (readonly [string, Column])[]) =>
  lineSchema(Object.fromEntries(columns.map(([n, c]) => [n, c.schema])));

export function selectList(columns: readonly (readonly [string, Column])[], alias = "t"): string {
  return columns
    .map(([name, c]) => `${c.select ? c.select(`${alias}.${name}`) : `${alias}.${name}`} AS ${name}`)
    .join(", ");
}

export function tableKind(spec: TableKindSpec): Kind {
  const names = spec.columns.map(([name]) => name);
  return {
    name: spec.name,
    describe: spec.describe,
    ...(spec.lineBound ? { lineBound: spec.lineBound } : {}),
    schema: schemaOf(spec.columns),
    exportSql: `SELECT ${selectList(spec.columns)} FROM ${spec.table} t ORDER BY ${spec.key.map((k) => `t.${k}`).join(", ")}`,
    toLine: (row) => Object.fromEntries(names.map((n) => [n, row[n] ?? null])),
    write: (client, batch) => upsertRows(client, spec, batch.lines),
  };
}
