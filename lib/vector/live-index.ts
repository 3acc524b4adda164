/**
 * An in-process vector index over one embeddings table (documents or fact cards), built from PostgreSQL and
 * kept current without a restart. It holds only rows of one model and dimension with status 'done'.
 *
 * Keeping current: every row carries the id of the transaction that wrote it (`tx xid8`). Each look runs in one
 * REPEATABLE READ snapshot and remembers that snapshot's xmin: every transaction older than xmin had finished,
 * so all its rows were seen. The next look reads only rows with tx >= that xmin (rows already applied with the
 * same tx are skipped), which cannot miss a row committed late by a long transaction, unlike a bigserial
 * watermark. Deleted rows leave no tx behind, so each look also compares the count of current rows with the
 * index's size and drops the ids that are gone. Big changes and heavy deletion rebuild the graph, yielding to
 * the event loop between chunks so queries go on against the previous graph meanwhile. Rows with identical
 * vectors share a graph node (id-graph.ts).
 *
 * A graph is built with the links and breadth its number of rows calls for (graph-tuning.ts) and keeps them while
 * rows are added one look at a time; the look after which the rows no longer fit them (an archive grown past the
 * threshold, or shrunk well below it) rebuilds the graph the same way, with a log line, and saves it. A snapshot
 * whose graph does not fit its rows is rebuilt from the table instead of loaded (vector-snapshot.ts).
 */
import { availableParallelism } from "node:os";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import type pg from "pg";
import { inReadSnapshot } from "../db/transaction.js";
import { decodeVector } from "../embedding/vector-codec.js";
import type { SnapshotPlace } from "../index-snapshot/snapshot-place.js";
import { describeTuning, tuningFits, tuningFor } from "./graph-tuning.js";
import { IdGraph, type ScoredId } from "./id-graph.js";
import { loadVectors, saveVectors, type GraphSettings } from "./vector-snapshot.js";

export type { ScoredId };

export interface VectorTable {
  /** Schema-qualified table, e.g. search.document_embeddings. */
  table: string;
  idColumn: string;
}

export interface LiveIndexOptions {
  db: pg.Pool;
  source: VectorTable;
  model: string;
  dimensions: number;
  /** The graph library, its search breadth, and the rows from which it is built large (vector-snapshot.ts). */
  graph?: GraphSettings;
  /** Where the index is saved and loaded from (vector-snapshot.ts); absent, it is built at every start. */
  snapshots?: SnapshotPlace | null;
  /** Where a graph rebuilt for its size is reported. */
  log?: { info(message: string): void };
}

interface Row {
  id: string;
  model: string;
  dimensions: number;
  status: string;
  embedding: Buffer | null;
  tx: string;
}

/** Rows added between two yields to the event loop while a graph is built. */
const CHUNK = 256;
/** Threads a build may use (the graph library's own; usearch spreads each chunk over them). */
const BUILD_THREADS = Math.min(2, availableParallelism());

export class LiveIndex {
  private graph: IdGraph;
  /** The tx of every row applied, current or not: a row seen again with the same tx is skipped. */
  private seenTx = new Map<string, string>();
  private xmin: string | null = null;
  private running: Promise<void> = Promise.resolve();
  /** Rows applied since the snapshot was last saved. */
  private unsaved = 0;
  ready = false;

  constructor(private readonly options: LiveIndexOptions) {
    this.graph = this.emptyGraph(0);
  }

  private get what(): string {
    return `${this.options.source.table} vector index`;
  }

  private get snapshotKey() {
    return { table: this.options.source.table, model: this.options.model, dimensions: this.options.dimensions };
  }

  /** Loads the saved snapshot, if there is one fit for this table, model and database. */
  private restore(): boolean {
    const place = this.options.snapshots;
    if (!place) return false;
    const state = loadVectors(place, this.snapshotKey, this.what, this.options.graph ?? {});
    if (!state) return false;
    this.graph = state.graph;
    this.seenTx = state.seenTx;
    this.xmin = state.xmin;
    this.ready = true;
    this.unsaved = 0;
    return true;
  }

  /** Saves a snapshot, now or once enough has changed since the last one (a tenth of the rows, at least 1,000). */
  private save(force: boolean) {
    const place = this.options.snapshots;
    if (!place || this.xmin === null) return;
    if (!force && this.unsaved < Math.max(1000, this.size / 10)) return;
    if (saveVectors(place, this.snapshotKey, this.what, { graph: this.graph, seenTx: this.seenTx, xmin: this.xmin }))
      this.unsaved = 0;
  }

  /** Ids held. */
  get size(): number {
    return this.graph.size;
  }

  /** The graph and copy behind the index (for the benchmark's memory figures). */
  get idGraph(): IdGraph {
    return this.graph;
  }

  /** A graph tuned for this many rows. */
  private emptyGraph(rows: number): IdGraph {
    const { largeGraphFrom, ...options } = this.options.graph ?? {};
    return new IdGraph({ ...options, dimensions: this.options.dimensions, tuning: tuningFor(rows, largeGraphFrom) });
  }

  /** Whether the graph's links and breadth fit this many rows (a graph that is not tuned by size always does). */
  private fits(rows: number): boolean {
    const tuning = this.graph.graph.tuning;
    return tuning === null || tuningFits(tuning, rows, this.options.graph?.largeGraphFrom);
  }

  private isCurrent(row: Pick<Row, "model" | "dimensions" | "status">): boolean {
    return row.model === this.options.model && row.dimensions === this.options.dimensions && row.status === "done";
  }

  /** Serialises loads and refreshes. */
  private exclusive(work: () => Promise<void>): Promise<void> {
    const next = this.running.then(work, work);
    this.running = next.catch(() => {});
    return next;
  }

  private snapshot<T>(work: (client: pg.PoolClient, xmin: string) => Promise<T>): Promise<T> {
    return inReadSnapshot(this.options.db, work);
  }

  private async build(entries: [string, Float32Array][]): Promise<IdGraph> {
    const graph = this.emptyGraph(entries.length);
    graph.reserve(entries.length);
    for (let i = 0; i < entries.length; i += CHUNK) {
      graph.addMany(entries.slice(i, i + CHUNK), BUILD_THREADS);
      await yieldToLoop();
    }
    return graph;
  }

  /**
   * Loads the saved snapshot and reads what was written since it, or (with none fit to load) builds the whole index
   * from the table and saves it.
   */
  load(): Promise<void> {
    return this.exclusive(async () => {
      if (this.restore()) await this.catchUp();
      else {
        await this.loadNow();
        this.save(true);
      }
    });
  }

  private async loadNow() {
    const { table, idColumn } = this.options.source;
    const { rows, xmin } = await this.snapshot(async (client, xmin) => {
      const { rows } = await client.query<Row>(
        `SELECT ${idColumn} AS id, model, dimensions, status, embedding, tx::text AS tx FROM ${table} ORDER BY ${idColumn}`,
      );
      return { rows, xmin };
    });
    const current = rows.filter((r) => this.isCurrent(r));
    this.graph = await this.build(current.map((r) => [r.id, decodeVector(r.embedding!)]));
    this.seenTx = new Map(rows.map((r) => [r.id, r.tx]));
    this.xmin = xmin;
    this.ready = true;
  }

  /** Applies what was written since the last look; loads everything when nothing was loaded yet. */
  refresh(): Promise<void> {
    if (!this.ready || this.xmin === null) return this.load();
    return this.exclusive(() => this.catchUp());
  }

  private async catchUp() {
    const { table, idColumn } = this.options.source;
    const { changed, count, xmin, allIds } = await this.snapshot(async (client, xmin) => {
      const changed = (
        await client.query<Row>(
          `SELECT ${idColumn} AS id, model, dimensions, status, embedding, tx::text AS tx FROM ${table} WHERE tx >= $1::xid8 ORDER BY ${idColumn}`,
          [this.xmin],
        )
      ).rows.filter((r) => this.seenTx.get(r.id) !== r.tx);
      const current = `FROM ${table} WHERE model = $1 AND dimensions = $2 AND status = 'done'`;
      const params = [this.options.model, this.options.dimensions];
      const count = Number((await client.query<{ n: string }>(`SELECT count(*) AS n ${current}`, params)).rows[0]!.n);
      const expected = this.expectedSize(changed);
      const allIds =
        count === expected
          ? null
          : new Set(
              (await client.query<{ id: string }>(`SELECT ${idColumn} AS id ${current}`, params)).rows.map((r) => r.id),
            );
      return { changed, count, xmin, allIds };
    });
    const before = this.size;
    const rebuilt = await this.apply(changed, allIds, count);
    for (const r of changed) this.seenTx.set(r.id, r.tx);
    this.xmin = xmin;
    this.unsaved += changed.length + Math.max(0, before - this.size);
    // Cannot happen while the reasoning above holds; if it ever does, the index starts again from the table.
    if (this.size !== count) await this.loadNow();
    this.save(rebuilt || this.size !== count);
  }

  /** The index's size once `changed` is applied. */
  private expectedSize(changed: Row[]): number {
    let size = this.size;
    for (const r of changed) size += Number(this.isCurrent(r)) - Number(this.graph.has(r.id));
    return size;
  }

  /** Applies the changes, leaving `count` rows; true when that rebuilt the graph. */
  private async apply(changed: Row[], allIds: Set<string> | null, count: number): Promise<boolean> {
    const graph = this.graph;
    const gone = allIds ? [...graph.ids()].filter((id) => !allIds.has(id)) : [];
    const removals = gone.length + changed.filter((r) => graph.has(r.id)).length;
    const { nodes, removed } = graph.nodeCounts;
    const heavy = changed.length > Math.max(CHUNK * 2, this.size / 4) || removed + removals > Math.max(1000, nodes / 4);
    const retune = !this.fits(count);
    if (retune) {
      const wanted = describeTuning(tuningFor(count, this.options.graph?.largeGraphFrom));
      this.options.log?.info(
        `${this.what}: ${count} rows call for a graph of ${wanted}, not ${describeTuning(graph.graph.tuning!)}: rebuilding it`,
      );
    }
    if (heavy || retune) {
      // Rebuilt from the vectors in memory and the changed rows, in id order: a fresh, compact graph.
      const entries = new Map<string, Float32Array>();
      for (const id of graph.ids()) entries.set(id, graph.vectorOf(id)!);
      for (const id of gone) entries.delete(id);
      for (const r of changed) {
        if (this.isCurrent(r)) entries.set(r.id, decodeVector(r.embedding!));
        else entries.delete(r.id);
      }
      this.graph = await this.build([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return true;
    }
    for (const id of gone) graph.drop(id);
    for (const r of changed) if (!this.isCurrent(r)) graph.drop(r.id);
    graph.addMany(changed.filter((r) => this.isCurrent(r)).map((r) => [r.id, decodeVector(r.embedding!)] as const));
    return false;
  }

  /** Approximate top k, highest score first; `exclude` ids never appear. */
  search(q: Float32Array, k: number, exclude: ReadonlySet<string> = new Set()): ScoredId[] {
    return this.graph.search(q, k, exclude);
  }

  /** Exact top k among `ids` (ids without a vector are ignored), or over everything when `ids` is omitted. */
  exact(q: Float32Array, k: number, ids?: Iterable<string>): ScoredId[] {
    return this.graph.exact(q, k, ids);
  }

  vectorOf(id: string): Float32Array | undefined {
    return this.graph.vectorOf(id);
  }
}
