/**
 * An in-process keyword index over one table (archived documents or fact cards), built from PostgreSQL at start
 * and kept current the way the vector index is (lib/vector/live-index.ts): every row carries the transaction
 * that last wrote its searchable fields (`tx xid8`, set by a trigger); each look reads, in one REPEATABLE READ
 * snapshot, the rows written at or after the previous snapshot's xmin, and compares counts to find deletions.
 * Besides the BM25 postings it keeps each row's filter fields (`meta`) and feeds the rows' bilingual pairs to
 * the bridge. It needs no embedder, so keyword search works while an embeddings endpoint is down. A process that
 * wants a table only for the bridge keeps no postings of it; one without a bridge feeds none.
 */
import { setImmediate as yieldToLoop } from "node:timers/promises";
import type pg from "pg";
import { inReadSnapshot } from "../db/transaction.js";
import { Bm25Index, type Bm25Parts } from "./bm25-index.js";
import type { BilingualBridge } from "./bilingual-bridge.js";
import { forgetTokenCaches, terms } from "./tokenize.js";

export interface TextEntry<M> {
  /** Everything searchable, in any language. */
  text: string;
  meta: M;
  /** Texts that say the same thing in two languages (a claim and its English, a bilingual document's halves). */
  pairs: [string, string][];
  /** The row's group in the BM25 index (bm25-index.ts), 0 when absent. */
  group?: number;
}

/** Everything a text index is, for a snapshot (keyword-snapshot.ts). */
export interface TextIndexParts<M> {
  /** Null where the index keeps no postings (a table read for the bridge only). */
  postings: Bm25Parts | null;
  meta: [string, M][];
  seenTx: [string, string][];
  xmin: string;
}

export interface TextSource<M> {
  /** Schema-qualified table. */
  table: string;
  idColumn: string;
  /** The select list, which must yield `id` and `tx` (as text) besides what `entry` reads. */
  columns: string;
  entry(row: Record<string, unknown>): TextEntry<M>;
}

const CHUNK = 256;

export class LiveTextIndex<M> {
  bm25 = new Bm25Index();
  private meta = new Map<string, M>();
  private seenTx = new Map<string, string>();
  private xmin: string | null = null;
  private running: Promise<void> = Promise.resolve();
  ready = false;
  /** Milliseconds the last full load took (tokenizing and indexing, not the read). */
  buildMs = 0;
  /** Rows applied or dropped since this index was made (a snapshot is saved once enough have changed). */
  changes = 0;

  constructor(
    private readonly db: pg.Pool,
    private readonly source: TextSource<M>,
    private readonly bridge: BilingualBridge | null,
    private readonly postings = true,
  ) {}

  /** The table read. */
  get table(): string {
    return this.source.table;
  }

  /** Rows held (a row with nothing to index is held, for its filter fields, but has no postings). */
  get size(): number {
    return this.meta.size;
  }

  metaOf(id: string): M | undefined {
    return this.meta.get(id);
  }

  /** The transaction that last wrote the row as this index holds it (the version its fields and postings are of). */
  txOf(id: string): string | undefined {
    return this.seenTx.get(id);
  }

  /** The index as it stands, for a snapshot; null before it has loaded. */
  parts(): TextIndexParts<M> | null {
    if (!this.ready || this.xmin === null) return null;
    return {
      postings: this.postings ? this.bm25.parts() : null,
      meta: [...this.meta],
      seenTx: [...this.seenTx],
      xmin: this.xmin,
    };
  }

  /** Takes a snapshot's state (the bridge is restored by the caller, from the same snapshot). */
  restore(parts: TextIndexParts<M>): void {
    if ((parts.postings === null) === this.postings) throw new Error("keyword snapshot: postings kept differently");
    if (parts.postings) {
      const restored = Bm25Index.fromParts(parts.postings);
      if (restored.size !== parts.meta.filter(([id]) => restored.has(id)).length)
        throw new Error("keyword snapshot: postings of rows it does not hold");
      this.bm25 = restored;
    }
    this.meta = new Map(parts.meta);
    this.seenTx = new Map(parts.seenTx);
    this.xmin = parts.xmin;
    this.ready = true;
  }

  /** Every row's filter fields, for filters evaluated in memory. */
  entries(): IterableIterator<[string, M]> {
    return this.meta.entries();
  }

  private exclusive(work: () => Promise<void>): Promise<void> {
    const next = this.running.then(work, work);
    this.running = next.catch(() => {});
    return next;
  }

  private snapshot<T>(work: (client: pg.PoolClient, xmin: string) => Promise<T>): Promise<T> {
    return inReadSnapshot(this.db, work);
  }

  private put(row: Record<string, unknown>) {
    const id = String(row.id);
    const entry = this.source.entry(row);
    if (this.postings) this.bm25.set(id, terms(entry.text), entry.group);
    this.meta.set(id, entry.meta);
    this.bridge?.set(`${this.source.table}:${id}`, entry.pairs);
  }

  private drop(id: string) {
    this.changes++;
    if (this.postings) this.bm25.remove(id);
    this.meta.delete(id);
    this.bridge?.set(`${this.source.table}:${id}`, []);
  }

  /** Applies rows, yielding to the event loop between chunks so queries go on meanwhile. */
  private async apply(rows: Record<string, unknown>[]) {
    let n = 0;
    for (const row of rows) {
      this.changes++;
      this.put(row);
      this.seenTx.set(String(row.id), String(row.tx));
      if (++n % CHUNK === 0) await yieldToLoop();
    }
  }

  load(): Promise<void> {
    return this.exclusive(async () => {
      const { table, idColumn, columns } = this.source;
      const { rows, xmin } = await this.snapshot(async (client, xmin) => ({
        rows: (await client.query(`SELECT ${columns} FROM ${table} ORDER BY ${idColumn}`)).rows,
        xmin,
      }));
      const started = performance.now();
      for (const id of [...this.meta.keys()]) this.drop(id);
      this.seenTx = new Map();
      await this.apply(rows);
      // Every posting into the compact frozen arrays; the words and runs memoised while reading are dropped.
      this.bm25.freeze();
      forgetTokenCaches();
      this.buildMs = performance.now() - started;
      this.xmin = xmin;
      this.ready = true;
    });
  }

  /** Applies what was written since the last look; loads everything when nothing was loaded yet. */
  refresh(): Promise<void> {
    if (!this.ready || this.xmin === null) return this.load();
    return this.exclusive(async () => {
      const { table, idColumn, columns } = this.source;
      const { changed, allIds, xmin } = await this.snapshot(async (client, xmin) => {
        const changed = (
          await client.query(`SELECT ${columns} FROM ${table} WHERE tx >= $1::xid8 ORDER BY ${idColumn}`, [this.xmin])
        ).rows.filter((r) => this.seenTx.get(String(r.id)) !== String(r.tx));
        const count = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
        const expected = this.size + changed.filter((r) => !this.meta.has(String(r.id))).length;
        const allIds =
          count === expected
            ? null
            : new Set(
                (await client.query<{ id: string }>(`SELECT ${idColumn} AS id FROM ${table}`)).rows.map((r) => r.id),
              );
        return { changed, allIds, xmin };
      });
      if (allIds) {
        for (const id of [...this.meta.keys()]) {
          if (!allIds.has(id)) {
            this.drop(id);
            this.seenTx.delete(id);
          }
        }
      }
      await this.apply(changed);
      if (this.bm25.wantsFreeze()) this.bm25.freeze();
      this.xmin = xmin;
    });
  }
}
