/** The generated rows, per table, held in memory until they are inserted in one transaction. */
import { sha256Hex } from "../lib/object-store/object-store.js";
import { TABLES, type TableName } from "./tables.js";
import type { Pair } from "./topic-types.js";

export type Value =
  string | number | null | readonly string[] | { readonly [key: string]: unknown } | readonly unknown[];

type SpecOf<N extends TableName> = Extract<(typeof TABLES)[number], { table: N }>;
/** One row of table N: exactly its columns (checked at compile time). */
export type RowOf<N extends TableName> = { [C in SpecOf<N>["columns"][number][0]]: Value };

/** What an archived note is about, as the generator chose it: the ground truth relevance is judged against. */
export interface NoteTruth {
  docId: string;
  topicId: string;
  subject: Pair;
  /** The headline's closing phrase ("the bear case"), which with the subject makes the title. */
  tail: Pair;
  lang: "en" | "zh" | "plain";
}

export class DemoDataset {
  private readonly tables = new Map<TableName, Record<string, Value>[]>();
  /** Ground truth of the archive (never inserted): read by the relevance benchmark. */
  readonly notes: NoteTruth[] = [];
  private readonly blobKeys = new Set<string>();

  constructor() {
    for (const spec of TABLES) this.tables.set(spec.table, []);
  }

  add<N extends TableName>(table: N, row: RowOf<N>): void {
    this.tables.get(table)!.push(row as Record<string, Value>);
  }

  /** Stores a body in the object store (objects.blobs), as ObjectStore.put would, and returns its key. */
  blob(key: string, body: string, createdAt: number, contentType = "text/markdown; charset=utf-8"): string {
    if (this.blobKeys.has(key)) throw new Error(`demo data: object key generated twice: ${key}`);
    this.blobKeys.add(key);
    this.add("objects.blobs", {
      key,
      body,
      sha256: sha256Hex(body),
      bytes: Buffer.byteLength(body),
      content_type: contentType,
      created_at: createdAt,
    });
    return key;
  }

  rows(table: TableName): readonly Record<string, Value>[] {
    return this.tables.get(table)!;
  }

  /** Throws on a primary key generated twice, naming the table and the key. */
  assertUniqueKeys(): void {
    for (const spec of TABLES) {
      const seen = new Set<string>();
      for (const row of this.tables.get(spec.table)!) {
        const key = spec.key.map((c) => String(row[c])).join("\u0000");
        if (seen.has(key))
          throw new Error(
            `demo data: ${spec.table} key (${spec.key.join(", ")}) generated twice: ${key.replace(/\u0000/g, ", ")}`,
          );
        seen.add(key);
      }
    }
  }

  /** Row counts per table, in insertion order. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const spec of TABLES) out[spec.table] = this.tables.get(spec.table)!.length;
    return out;
  }
}
