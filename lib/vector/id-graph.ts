/**
 * The HNSW graph keyed by row id. Rows with identical vectors (the same claim checked twice, a report archived
 * twice) share one graph node: clusters of exact duplicates are what degrades an HNSW graph most, and sharing
 * keeps every copy equally reachable. A search over nodes is expanded back to ids, ties in id order.
 */
import { createHash } from "node:crypto";
import { ScoreHeap } from "./heap.js";
import { Hnsw, type HnswOptions } from "./hnsw.js";

export interface ScoredId {
  id: string;
  score: number;
}

const keyOf = (v: Float32Array) =>
  createHash("sha1")
    .update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))
    .digest("base64");

export class IdGraph {
  readonly hnsw: Hnsw;
  private readonly nodeOf = new Map<string, number>();
  private readonly idsOf: string[][] = [];
  private readonly keys: string[] = [];
  private readonly nodeOfKey = new Map<string, number>();

  constructor(options: HnswOptions) {
    this.hnsw = new Hnsw(options);
  }

  /** Ids held. */
  get size(): number {
    return this.nodeOf.size;
  }

  has(id: string): boolean {
    return this.nodeOf.has(id);
  }

  ids(): IterableIterator<string> {
    return this.nodeOf.keys();
  }

  /** Removed nodes still in the graph, as a share of all its nodes. */
  get deletedShare(): number {
    return this.hnsw.count === 0 ? 0 : this.hnsw.deleted / this.hnsw.count;
  }

  add(id: string, vector: Float32Array) {
    this.drop(id);
    const key = keyOf(vector);
    let node = this.nodeOfKey.get(key);
    if (node === undefined) {
      node = this.hnsw.add(vector);
      this.nodeOfKey.set(key, node);
      this.keys[node] = key;
      this.idsOf[node] = [];
    }
    this.idsOf[node]!.push(id);
    this.nodeOf.set(id, node);
  }

  drop(id: string) {
    const node = this.nodeOf.get(id);
    if (node === undefined) return;
    this.nodeOf.delete(id);
    const ids = this.idsOf[node]!.filter((other) => other !== id);
    this.idsOf[node] = ids;
    if (ids.length === 0) {
      this.hnsw.remove(node);
      this.nodeOfKey.delete(this.keys[node]!);
    }
  }

  vectorOf(id: string): Float32Array | undefined {
    const node = this.nodeOf.get(id);
    return node === undefined ? undefined : this.hnsw.vector(node);
  }

  private expand(hits: { node: number; score: number }[], k: number, exclude: ReadonlySet<string>): ScoredId[] {
    const out: ScoredId[] = [];
    for (const hit of hits) {
      for (const id of [...this.idsOf[hit.node]!].sort()) {
        if (exclude.has(id)) continue;
        out.push({ id, score: hit.score });
        if (out.length === k) return out;
      }
    }
    return out;
  }

  /** Approximate top k, highest score first. */
  search(q: Float32Array, k: number, exclude: ReadonlySet<string> = new Set(), ef = this.hnsw.efSearch): ScoredId[] {
    const want = k + exclude.size;
    return this.expand(this.hnsw.search(q, want, Math.max(ef, want)), k, exclude);
  }

  /** Exact top k over every id, or over `ids` only (ids not held are ignored). */
  exact(q: Float32Array, k: number, ids?: Iterable<string>): ScoredId[] {
    if (!ids) return this.expand(this.hnsw.exact(q, k), k, new Set());
    const candidates: string[] = [];
    const nodes: number[] = [];
    for (const id of ids) {
      const node = this.nodeOf.get(id);
      if (node === undefined) continue;
      candidates.push(id);
      nodes.push(node);
    }
    const scores = this.hnsw.scores(q, nodes);
    const heap = new ScoreHeap("min", k + 1);
    for (let index = 0; index < candidates.length; index++) {
      const s = scores[index]!;
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
}
