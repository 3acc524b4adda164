/**
 * The approximate nearest-neighbour graph under the vector index, by node number: usearch (a prebuilt C++ HNSW with
 * 8-bit quantisation, save and load; usearch-graph.ts) where its binary loads, else the project's own HNSW in
 * TypeScript (hnsw-graph.ts), which needs nothing compiled. `npm run bench -- search` measures both (build time,
 * queries per second, recall and memory at 100,000 and 1,000,000 vectors) and docs/benchmark.md keeps the figures
 * that decided it. Either returns candidates only: the index rescores them from its own copy of the vectors
 * (half-store.ts), so both rank by the same cosines.
 */
import { SMALL_GRAPH, type GraphTuning } from "./graph-tuning.js";
import { HnswGraph } from "./hnsw-graph.js";
import { loadUsearch, UsearchGraph } from "./usearch-graph.js";

export type GraphKind = "usearch" | "hnsw";

export interface AnnGraph {
  readonly kind: GraphKind;
  /** Adds vectors under node numbers not used before (usearch-graph.ts: `threads` > 1 spreads a large batch). */
  add(nodes: readonly number[], vectors: readonly Float32Array[], threads?: number): void;
  remove(node: number): void;
  /** Up to `wanted` live nodes near `q`, nearest first (by the graph's own, possibly coarser, scores). */
  search(q: Float32Array, wanted: number): number[];
  /** Live nodes. */
  readonly size: number;
  /** Bytes the graph holds, as far as it can tell. */
  bytes(): number;
  /** Its links and build breadth when they follow the rows' number (usearch; graph-tuning.ts), else null. */
  readonly tuning: GraphTuning | null;
}

export interface GraphOptions {
  dimensions: number;
  /** Which library; default usearch when it loads, else hnsw. */
  kind?: GraphKind;
  /** usearch's links and build breadth (default SMALL_GRAPH); the project's HNSW keeps its own. */
  tuning?: GraphTuning;
}

/** The kind a graph made now would be: usearch when its binary loads here. */
export function defaultGraphKind(): GraphKind {
  return loadUsearch() ? "usearch" : "hnsw";
}

export function createGraph(options: GraphOptions): AnnGraph {
  const kind = options.kind ?? defaultGraphKind();
  return kind === "usearch"
    ? UsearchGraph.create(options.dimensions, options.tuning ?? SMALL_GRAPH)
    : new HnswGraph(options.dimensions);
}
