/**
 * What the bundle knows of one kind of the institute's output: its file, the JSON Schema every line meets, the
 * query the export reads it with (through a cursor, in file order) and how a batch of lines is written.
 */
import type pg from "pg";

export interface LineContext {
  /** The bundle folder (body files are relative to it). */
  dir: string;
}

export interface Batch<L> {
  lines: L[];
  /** 1-based line number of each line in its file. */
  lineNos: number[];
}

export interface Kind<L = Record<string, unknown>> {
  /** The file is `<name>.ndjson`; the manifest counts lines under this name. */
  name: string;
  /** One sentence for the docs: what a line is. */
  describe: string;
  schema: Record<string, unknown>;
  /** Every row, in the order the file lists them. */
  exportSql: string;
  toLine(row: Record<string, unknown>): L;
  /** Files the export writes beside the line (bodies), paths relative to the bundle folder. */
  files?(row: Record<string, unknown>, line: L): { path: string; body: string }[];
  /** Rows per cursor fetch when rows are large (default 1000). */
  fetchSize?: number;
  /** What the schema cannot see (derived fields that disagree, a body file that is missing); each a message. */
  check?(line: L, context: LineContext): Promise<string[]> | string[];
  /** Writes a batch inside the import's transaction; returns how many rows were new or changed. */
  write(
    client: pg.ClientBase,
    batch: Batch<L>,
    context: LineContext & { state: Map<string, unknown> },
  ): Promise<number>;
}

export const fileOf = (kind: Pick<Kind, "name">) => `${kind.name}.ndjson`;
