/**
 * The graph on the project's own HNSW (hnsw.ts, TypeScript with a WebAssembly SIMD dot product): where usearch's
 * binary does not load, and in the benchmark that measures the two against each other. It numbers nodes itself, in
 * the order they are added, which is the order the index hands them out; it is not saved (a process without usearch
 * builds its graph at every start).
 */
import type { AnnGraph } from "./ann-graph.js";
import { Hnsw } from "./hnsw.js";

export class HnswGraph implements AnnGraph {
  readonly kind = "hnsw";
  /** Its links and breadth stay hnsw.ts's at every size: the fallback where usearch does not load. */
  readonly tuning = null;
  readonly hnsw: Hnsw;

  constructor(dimensions: number) {
    this.hnsw = new Hnsw({ dimensions });
  }

  get size(): number {
    return this.hnsw.live;
  }

  add(nodes: readonly number[], vectors: readonly Float32Array[]): void {
    nodes.forEach((node, i) => {
      const got = this.hnsw.add(vectors[i]!);
      if (got !== node) throw new Error(`hnsw graph: node ${node} was added as ${got}`);
    });
  }

  remove(node: number): void {
    this.hnsw.remove(node);
  }

  search(q: Float32Array, wanted: number): number[] {
    return this.hnsw.search(q, wanted, wanted).map((h) => h.node);
  }

  bytes(): number {
    // Vectors (float32) and about 1.5 * 2M links of 8 bytes per node in JavaScript arrays.
    return this.hnsw.count * (this.hnsw.dimensions * 4 + this.hnsw.m * 3 * 8 + 64);
  }
}
