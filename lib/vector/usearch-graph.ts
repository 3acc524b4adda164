/**
 * The graph on usearch (npm `usearch`: a C++ HNSW whose prebuilt binary ships in the package, loaded without any
 * download; package.json's allowScripts lets its install step run, which only checks for that binary). Vectors are
 * kept as 8-bit integers for the cosine metric: a quarter of float32, and distances from SIMD integer arithmetic.
 * usearch turns a component into an integer by multiplying it by 127, so a unit vector whose largest component is
 * 0.25 would use a quarter of the range; each vector (and each query) is scaled first so that its largest component
 * is 1, which the cosine does not see. The index rescores these candidates from its half-precision copy.
 * Saved and loaded whole with usearch's own file format (vector-snapshot.ts keeps the rest beside it).
 */
import { createRequire } from "node:module";
import type { AnnGraph } from "./ann-graph.js";

type UsearchModule = typeof import("usearch");
type UsearchIndex = InstanceType<UsearchModule["Index"]>;

let usearch: UsearchModule | null | undefined;
let whyNot = "";

/** The usearch module, or null where its binary does not load (the reason: `usearchProblem()`). */
export function loadUsearch(): UsearchModule | null {
  if (usearch === undefined) {
    try {
      usearch = createRequire(import.meta.url)("usearch") as UsearchModule;
    } catch (e) {
      usearch = null;
      whyNot = (e as Error).message.split("\n")[0]!;
    }
  }
  return usearch;
}

export const usearchProblem = (): string => (loadUsearch() ? "" : whyNot);

/**
 * Links per node (level 0 keeps twice as many) and the breadth of a build. The archive's embeddings are far apart
 * (a title's best notes have cosines of 0.3 to 0.55 with it), where an HNSW graph needs many well-chosen links to
 * reach the true nearest: on the search bench's 100,000 notes, with 160 candidates rescored, recall@8 is 0.821 with
 * 16 links and a breadth of 128, 0.976 with 32 and 256, 0.994 with 32 and 384 (docs/benchmark.md, "Recall at
 * 100,000"). But 32 links double the distances a search computes at every size: at the HTTP bench's demo scale 10,
 * where 16 links already find the exact top 8, a search cost 3,043 µs of CPU with 32/384 against 2,284 with 16/128
 * (docs/benchmark.md). Until the tuning follows the archive's size, the graph keeps 16 and 128.
 */
export const GRAPH_TUNING = { connectivity: 16, expansionAdd: 128 } as const;
const EXPANSION_SEARCH = 64;

/** `v` scaled so its largest component is ±1 (a zero vector stays zero). */
function spread(v: Float32Array, into: Float32Array, at: number) {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]!));
  const by = max === 0 ? 1 : 1 / max;
  for (let i = 0; i < v.length; i++) into[at + i] = v[i]! * by;
}

export class UsearchGraph implements AnnGraph {
  readonly kind = "usearch";
  private readonly query: Float32Array;

  private constructor(
    private readonly index: UsearchIndex,
    readonly dimensions: number,
  ) {
    this.query = new Float32Array(dimensions);
  }

  private static make(dimensions: number): UsearchIndex {
    const u = loadUsearch();
    if (!u) throw new Error(`usearch is unavailable here: ${whyNot}`);
    return new u.Index({
      dimensions,
      metric: u.MetricKind.Cos,
      quantization: u.ScalarKind.I8,
      connectivity: GRAPH_TUNING.connectivity,
      expansion_add: GRAPH_TUNING.expansionAdd,
      expansion_search: EXPANSION_SEARCH,
      multi: false,
    });
  }

  static create(dimensions: number): UsearchGraph {
    return new UsearchGraph(UsearchGraph.make(dimensions), dimensions);
  }

  /** A graph from a file `save` wrote; throws when it is not one, or of other dimensions. */
  static load(file: string, dimensions: number): UsearchGraph {
    const index = UsearchGraph.make(dimensions);
    index.load(file);
    if (index.dimensions() !== dimensions)
      throw new Error(`the saved graph has ${index.dimensions()} dimensions, not ${dimensions}`);
    return new UsearchGraph(index, dimensions);
  }

  save(file: string): void {
    this.index.save(file);
  }

  get size(): number {
    return this.index.size();
  }

  add(nodes: readonly number[], vectors: readonly Float32Array[], threads = 1): void {
    if (nodes.length === 0) return;
    const d = this.dimensions;
    const matrix = new Float32Array(nodes.length * d);
    const keys = new BigUint64Array(nodes.length);
    nodes.forEach((node, i) => {
      if (vectors[i]!.length !== d) throw new Error(`vector has ${vectors[i]!.length} dimensions, index has ${d}`);
      spread(vectors[i]!, matrix, i * d);
      keys[i] = BigInt(node);
    });
    this.index.add(keys, matrix, threads);
  }

  remove(node: number): void {
    this.index.remove(BigInt(node));
  }

  search(q: Float32Array, wanted: number): number[] {
    if (this.index.size() === 0 || wanted <= 0) return [];
    spread(q, this.query, 0);
    // One thread: usearch would otherwise start a pool of threads for this one query.
    const { keys } = this.index.search(this.query, wanted, 1);
    const out: number[] = [];
    for (const key of keys) out.push(Number(key));
    return out;
  }

  bytes(): number {
    // usearch does not say; its file holds the vectors and the links as they are in memory.
    const d = this.dimensions;
    return this.index.size() * (d + this.index.connectivity() * 2 * 4 + 64);
  }
}
