/**
 * The vector index's own copy of every vector, by node, in half precision (half-float.ts): what rescoring the graph's
 * candidates, exact and filtered searches and `vectorOf` read, since the graph library keeps its vectors to itself
 * (and keeps them coarser: usearch-graph.ts). The halves live in WebAssembly memory and are scored against the query
 * by a SIMD dot product (simd-half-dot.ts) where the runtime has it, else in a typed array scored in JavaScript
 * through a table of every half's value. A query is set once (`prepare`) and then scored against many nodes.
 */
import { HALF_VALUES, toHalf } from "./half-float.js";
import { simdHalfDot, type HalfDot } from "./simd-half-dot.js";
import type { WasmMemory } from "./simd-dot.js";

const PAGE = 65536;

export class HalfStore {
  /** Halves per node: the dimension rounded up to a multiple of 4 (the padding stays zero). */
  private readonly stride: number;
  /** Where the nodes start in WebAssembly memory: after the query (float32, `stride` of them). */
  private readonly base: number;
  private readonly wasm: { memory: WasmMemory; dot: HalfDot } | null;
  private bits: Uint16Array<ArrayBufferLike> = new Uint16Array(0);
  private query: Float32Array<ArrayBufferLike> = new Float32Array(0);
  private capacityNodes = 0;

  constructor(
    readonly dimensions: number,
    kind: "auto" | "js" = "auto",
  ) {
    this.stride = Math.ceil(dimensions / 4) * 4;
    this.base = this.stride * 4;
    this.wasm = kind === "auto" ? simdHalfDot() : null;
    this.views();
  }

  private views() {
    if (!this.wasm) return;
    const buffer = this.wasm.memory.buffer;
    this.query = new Float32Array(buffer, 0, this.stride);
    this.bits = new Uint16Array(buffer, this.base, (buffer.byteLength - this.base) / 2);
    this.capacityNodes = Math.floor(this.bits.length / this.stride);
  }

  /** Nodes there is room for. */
  get capacity(): number {
    return this.capacityNodes;
  }

  /** Makes room for nodes 0 .. count-1. */
  reserve(count: number) {
    if (count <= this.capacityNodes) return;
    const nodes = Math.max(count, this.capacityNodes * 2, 64);
    if (this.wasm) {
      const needed = this.base + nodes * this.stride * 2;
      const have = this.wasm.memory.buffer.byteLength;
      this.wasm.memory.grow(Math.ceil((needed - have) / PAGE));
      this.views();
      return;
    }
    const grown = new Uint16Array(nodes * this.stride);
    grown.set(this.bits);
    this.bits = grown;
    this.capacityNodes = nodes;
  }

  set(node: number, v: Float32Array) {
    this.reserve(node + 1);
    const at = node * this.stride;
    for (let i = 0; i < this.dimensions; i++) this.bits[at + i] = toHalf(v[i]!);
  }

  get(node: number): Float32Array {
    const out = new Float32Array(this.dimensions);
    const at = node * this.stride;
    for (let i = 0; i < this.dimensions; i++) out[i] = HALF_VALUES[this.bits[at + i]!]!;
    return out;
  }

  /** Sets the query the next scores are of. */
  prepare(q: Float32Array) {
    if (this.wasm) this.query.set(q);
    else this.query = q;
  }

  /** The prepared query's dot product with a node. */
  scorePrepared(node: number): number {
    if (this.wasm) return this.wasm.dot(0, this.base + node * this.stride * 2, this.stride);
    const { bits, query: q } = this;
    const d = this.dimensions;
    let at = node * this.stride;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let i = 0;
    for (; i + 3 < d; i += 4, at += 4) {
      s0 += q[i]! * HALF_VALUES[bits[at]!]!;
      s1 += q[i + 1]! * HALF_VALUES[bits[at + 1]!]!;
      s2 += q[i + 2]! * HALF_VALUES[bits[at + 2]!]!;
      s3 += q[i + 3]! * HALF_VALUES[bits[at + 3]!]!;
    }
    for (; i < d; i++, at++) s0 += q[i]! * HALF_VALUES[bits[at]!]!;
    return s0 + s1 + s2 + s3;
  }

  score(q: Float32Array, node: number): number {
    this.prepare(q);
    return this.scorePrepared(node);
  }

  /** The halves of nodes 0 .. count-1, `dimensions` a node (for a snapshot; a copy). */
  view(count: number): Uint16Array {
    const out = new Uint16Array(count * this.dimensions);
    for (let node = 0; node < count; node++)
      out.set(this.bits.subarray(node * this.stride, node * this.stride + this.dimensions), node * this.dimensions);
    return out;
  }

  /** A store holding a snapshot's halves (`dimensions` a node). */
  static of(dimensions: number, halves: Uint16Array): HalfStore {
    if (halves.length % dimensions !== 0) throw new Error("vector snapshot: halves are not whole vectors");
    const store = new HalfStore(dimensions);
    const count = halves.length / dimensions;
    store.reserve(count);
    for (let node = 0; node < count; node++)
      store.bits.set(halves.subarray(node * dimensions, (node + 1) * dimensions), node * store.stride);
    return store;
  }

  bytes(): number {
    return this.capacityNodes * this.stride * 2;
  }
}
