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
import { endianness } from "node:os";
import type { AnnGraph } from "./ann-graph.js";
import type { GraphTuning } from "./graph-tuning.js";

type UsearchModule = typeof import("usearch");
type UsearchIndex = InstanceType<UsearchModule["Index"]>;

/** Which 32-bit half of a 64-bit key holds its low bits. */
const LOW_HALF = endianness() === "LE" ? 0 : 1;

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
    /** Links and build breadth (graph-tuning.ts). */
    readonly tuning: GraphTuning,
  ) {
    this.query = new Float32Array(dimensions);
  }

  private static make(dimensions: number, tuning: GraphTuning): UsearchIndex {
    const u = loadUsearch();
    if (!u) throw new Error(`usearch is unavailable here: ${whyNot}`);
    return new u.Index({
      dimensions,
      metric: u.MetricKind.Cos,
      quantization: u.ScalarKind.I8,
      connectivity: tuning.connectivity,
      expansion_add: tuning.expansionAdd,
      expansion_search: EXPANSION_SEARCH,
      multi: false,
    });
  }

  static create(dimensions: number, tuning: GraphTuning): UsearchGraph {
    return new UsearchGraph(UsearchGraph.make(dimensions, tuning), dimensions, tuning);
  }

  /**
   * A graph from a file `save` wrote with this tuning; throws when it is not one, or of other dimensions or links
   * (the file keeps its links, not its build breadth, which rows added later are linked with).
   */
  static load(file: string, dimensions: number, tuning: GraphTuning): UsearchGraph {
    const index = UsearchGraph.make(dimensions, tuning);
    index.load(file);
    if (index.dimensions() !== dimensions)
      throw new Error(`the saved graph has ${index.dimensions()} dimensions, not ${dimensions}`);
    if (index.connectivity() !== tuning.connectivity)
      throw new Error(`the saved graph has ${index.connectivity()} links, not ${tuning.connectivity}`);
    return new UsearchGraph(index, dimensions, tuning);
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
    // Node numbers fit 32 bits: the low half of each 64-bit key is read, since iterating the keys made a BigInt and an
    // iterator result for each of the 160 or so, 21 of the 273 KB a whole search allocated.
    const halves = new Uint32Array(keys.buffer, keys.byteOffset, keys.length * 2);
    const out: number[] = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) out[i] = halves[2 * i + LOW_HALF]!;
    return out;
  }

  bytes(): number {
    // usearch does not say; its file holds the vectors and the links as they are in memory.
    const d = this.dimensions;
    return this.index.size() * (d + this.index.connectivity() * 2 * 4 + 64);
  }
}
