/**
 * What the bundle knows of one kind of the institute's output: its file, the JSON Schema every line meets, the
 * query the export reads it with (through a cursor, in file order) and how a batch of lines is written.
 */
import type pg from "pg";
import type { BundleLimits } from "../lib/config/bundle.js";

export interface LineContext {
  /** The bundle folder (body files are relative to it). */
  dir: string;
  limits: BundleLimits;
  /** Counts the characters of `text`, read from `file` of the bundle, that XML 1.0 cannot carry (the character report). */
  characters?(file: string, text: string): void;
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
  /**
   * "body" when a line holds a whole document in a field (a memory document, a session's workspace): its line is
   * bounded by the body bound instead of the line bound.
   */
  lineBound?: "line" | "body";
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

/** The bound of one line of `kind`, in bytes, and how a refusal names it. */
export function lineBoundOf(kind: Pick<Kind, "lineBound">, limits: BundleLimits): { bytes: number; name: string } {
  return kind.lineBound === "body"
    ? { bytes: limits.bodyBytes, name: "the body bound (BUNDLE_MAX_BODY_BYTES)" }
    : { bytes: limits.lineBytes, name: "the line bound (BUNDLE_MAX_LINE_BYTES)" };
}

/** The bundle no longer holds what was validated (a file changed between validation and import); nothing is written. */
export class BundleChanged extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BundleChanged";
  }
}

/** A line the database state refuses (a withdrawal of an item that does not exist); nothing is written. */
export class LineRefused extends Error {
  constructor(
    readonly lineNo: number,
    message: string,
  ) {
    super(message);
    this.name = "LineRefused";
  }
}
