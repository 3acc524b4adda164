/**
 * The vector index keyed by row id: an approximate graph (ann-graph.ts: usearch, or the project's HNSW) for finding
 * candidates, and a half-precision copy of every vector (half-store.ts) for scoring them. A search asks the graph
 * for candidates (graph-tuning.ts's `candidatesFor` its live nodes, unless `efSearch` says; more when k is larger),
 * rescores them by their cosine with the query from the copy, and keeps the best k: the graph's own scores (8-bit in
 * usearch) only choose whom to look at. Exact and filtered searches scan the copy.
 *
 * Rows with identical vectors (the same claim checked twice, a report archived twice) share one node: clusters of
 * exact duplicates are what degrades an HNSW graph most, and sharing keeps every copy equally reachable. A search
 * over nodes is expanded back to ids, ties in id order.
 */
import { createHash } from "node:crypto";
import { createGraph, type AnnGraph, type GraphKind } from "./ann-graph.js";
import { candidatesFor, type GraphTuning } from "./graph-tuning.js";
import { HalfStore } from "./half-store.js";
import { ScoreHeap } from "./heap.js";

export interface ScoredId {
  id: string;
  score: number;
}

export interface IdGraphOptions {
  dimensions: number;
  /** Which graph library (default: usearch where it loads). */
  graph?: GraphKind;
  /** Candidates a search asks the graph for before rescoring (default: graph-tuning.ts's candidatesFor its nodes). */
  efSearch?: number;
  /** usearch's links and build breadth (graph-tuning.ts: tuningFor the rows it is built for). */
  tuning?: GraphTuning;
}

/**
 * Up to this many live nodes a search scans them all instead of asking the graph. At 1,024 nodes of 384 dimensions
 * the scan and the graph's 160 candidates cost the same, about 0.25 ms a query on a 2-core machine, and the scan's
 * answer is exact, so a small index answers the same whether it was built at once or loaded and brought up to date.
 */
export const EXACT_SCAN_NODES = 1024;

/** Everything an IdGraph is besides its graph, for a snapshot (vector-snapshot.ts). */
export interface IdGraphParts {
  /** Nodes handed out, removed ones included. */
  nodes: number;
  /** Each node's ids: one id, several, or null once removed. */
  idsOf: (string | string[] | null)[];
  /** Each node's vector digest (16 bytes, latin1), "" once removed. */
  keys: string[];
  halves: Uint16Array;
}

/** 16 bytes of the SHA-1 of a vector's float32 bytes: identical vectors, identical keys. */
const keyOf = (v: Float32Array) =>
  createHash("sha1")
    .update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))
    .digest()
    .toString("latin1", 0, 16);

const byScore = (a: { score: number; node: number }, b: { score: number; node: number }) =>
  b.score - a.score || a.node - b.node;

export class IdGraph {
  readonly graph: AnnGraph;
  readonly store: HalfStore;
  readonly dimensions: number;
  efSearch: number | undefined;
  private readonly nodeOf = new Map<string, number>();
  private idsOf: (string | string[] | null)[] = [];
  private keys: string[] = [];
  private readonly nodeOfKey = new Map<string, number>();
  private removed = 0;

  constructor(options: IdGraphOptions, parts?: { graph: AnnGraph; parts: IdGraphParts }) {
    this.dimensions = options.dimensions;
    this.efSearch = options.efSearch;
    if (!parts) {
      this.graph = createGraph({ dimensions: options.dimensions, kind: options.graph, tuning: options.tuning });
      this.store = new HalfStore(options.dimensions);
      return;
    }
    const p = parts.parts;
    if (p.idsOf.length !== p.nodes || p.keys.length !== p.nodes || p.halves.length !== p.nodes * this.dimensions)
      throw new Error("vector snapshot: node tables of different lengths");
    this.graph = parts.graph;
    this.store = HalfStore.of(options.dimensions, p.halves);
    this.idsOf = p.idsOf;
    this.keys = p.keys;
    for (let node = 0; node < p.nodes; node++) {
      const ids = p.idsOf[node];
      if (ids === null || ids === undefined) {
        this.removed++;
        continue;
      }
      this.nodeOfKey.set(p.keys[node]!, node);
      for (const id of typeof ids === "string" ? [ids] : ids) {
        if (this.nodeOf.has(id)) throw new Error(`vector snapshot: id ${id} is on two nodes`);
        this.nodeOf.set(id, node);
      }
    }
    if (this.graph.size !== p.nodes - this.removed)
      throw new Error(
        `vector snapshot: the graph holds ${this.graph.size} nodes, the tables ${p.nodes - this.removed}`,
      );
  }

  parts(): IdGraphParts {
    return { nodes: this.idsOf.length, idsOf: this.idsOf, keys: this.keys, halves: this.store.view(this.idsOf.length) };
  }

  /** Ids held. */
  get size(): number {
    return this.nodeOf.size;
  }

  /** Nodes handed out, and how many of them were removed since (a rebuild drops them). */
  get nodeCounts(): { nodes: number; removed: number } {
    return { nodes: this.idsOf.length, removed: this.removed };
  }

  has(id: string): boolean {
    return this.nodeOf.has(id);
  }

  ids(): IterableIterator<string> {
    return this.nodeOf.keys();
  }

  /**
   * Makes room for this many nodes at once. The copy grows by doubling when rows come one batch at a time, and
   * WebAssembly memory never shrinks: a build of 100,000 rows would otherwise keep room for 131,072 (23 MiB more).
   */
  reserve(nodes: number): void {
    this.store.reserve(nodes);
  }

  /** Adds rows (replacing rows of the same ids); new vectors go to the graph in one batch. */
  addMany(entries: Iterable<readonly [string, Float32Array]>, threads = 1): void {
    const nodes: number[] = [];
    const vectors: Float32Array[] = [];
    for (const [id, vector] of entries) {
      if (vector.length !== this.dimensions)
        throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
      this.drop(id);
      const key = keyOf(vector);
      let node = this.nodeOfKey.get(key);
      if (node === undefined) {
        node = this.idsOf.length;
        this.idsOf.push(id);
        this.keys.push(key);
        this.nodeOfKey.set(key, node);
        this.store.set(node, vector);
        nodes.push(node);
        vectors.push(vector);
      } else {
        const ids = this.idsOf[node]!;
        this.idsOf[node] = typeof ids === "string" ? [ids, id] : [...ids, id];
      }
      this.nodeOf.set(id, node);
    }
    this.graph.add(nodes, vectors, threads);
  }

  add(id: string, vector: Float32Array): void {
    this.addMany([[id, vector]]);
  }

  drop(id: string): void {
    const node = this.nodeOf.get(id);
    if (node === undefined) return;
    this.nodeOf.delete(id);
    const ids = this.idsOf[node]!;
    const rest = typeof ids === "string" ? [] : ids.filter((other) => other !== id);
    this.idsOf[node] = rest.length === 0 ? null : rest.length === 1 ? rest[0]! : rest;
    if (rest.length === 0) {
      this.graph.remove(node);
      this.nodeOfKey.delete(this.keys[node]!);
      this.keys[node] = "";
      this.removed++;
    }
  }

  vectorOf(id: string): Float32Array | undefined {
    const node = this.nodeOf.get(id);
    return node === undefined ? undefined : this.store.get(node);
  }

  private expand(hits: { node: number; score: number }[], k: number, exclude: ReadonlySet<string>): ScoredId[] {
    const out: ScoredId[] = [];
    for (const hit of hits) {
      const ids = this.idsOf[hit.node];
      if (ids === null || ids === undefined) continue;
      for (const id of typeof ids === "string" ? [ids] : [...ids].sort()) {
        if (exclude.has(id)) continue;
        out.push({ id, score: hit.score });
        if (out.length === k) return out;
      }
    }
    return out;
  }

  /** Approximate top k, highest score first: the graph's candidates rescored from the copy. */
  search(q: Float32Array, k: number, exclude: ReadonlySet<string> = new Set(), ef?: number): ScoredId[] {
    if (k <= 0 || this.nodeOf.size === 0) return [];
    const live = this.idsOf.length - this.removed;
    if (live <= EXACT_SCAN_NODES) {
      this.store.prepare(q);
      return this.expand(this.bestNodes(k + exclude.size), k, exclude);
    }
    const wanted = Math.max(ef ?? this.efSearch ?? candidatesFor(live), k + exclude.size);
    const nodes = this.graph.search(q, wanted);
    this.store.prepare(q);
    const hits = nodes.map((node) => ({ node, score: this.store.scorePrepared(node) }));
    return this.expand(hits.sort(byScore), k, exclude);
  }

  /** The n best live nodes for the prepared query, highest score first. */
  private bestNodes(n: number): { node: number; score: number }[] {
    const heap = new ScoreHeap("min", n + 1);
    for (let node = 0; node < this.idsOf.length; node++) {
      if (this.idsOf[node] === null) continue;
      const s = this.store.scorePrepared(node);
      if (heap.size < n) heap.push(s, node);
      else if (s > heap.topScore()) {
        heap.pop();
        heap.push(s, node);
      }
    }
    return heap.sorted().sort(byScore);
  }

  /** Exact top k over every id, or over `ids` only (ids not held are ignored). */
  exact(q: Float32Array, k: number, ids?: Iterable<string>): ScoredId[] {
    if (k <= 0) return [];
    this.store.prepare(q);
    if (!ids) return this.expand(this.bestNodes(k), k, new Set());
    const candidates: string[] = [];
    const heap = new ScoreHeap("min", k + 1);
    for (const id of ids) {
      const node = this.nodeOf.get(id);
      if (node === undefined) continue;
      const s = this.store.scorePrepared(node);
      const index = candidates.push(id) - 1;
      if (heap.size < k) heap.push(s, index);
      else if (s > heap.topScore()) {
        heap.pop();
        heap.push(s, index);
      }
    }
    return heap
      .sorted()
      .map((h) => ({ id: candidates[h.node]!, score: h.score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Bytes held: the graph, the copy, and about 100 bytes of tables per id. */
  bytes(): number {
    return this.graph.bytes() + this.store.bytes() + 100 * (this.nodeOf.size + this.idsOf.length);
  }
}
