/**
 * The vector index's own copy of every vector, by node, in half precision (half-float.ts): what rescoring the graph's
 * candidates, exact and filtered searches and `vectorOf` read, since the graph library keeps its vectors to itself
 * (and keeps them coarser: usearch-graph.ts). Scores are dot products of the float32 query with the stored halves,
 * summed in double precision.
 */
import { HALF_VALUES, toHalf } from "./half-float.js";

export class HalfStore {
  private bits: Uint16Array<ArrayBufferLike> = new Uint16Array(0);

  constructor(readonly dimensions: number) {}

  /** Nodes there is room for. */
  get capacity(): number {
    return this.bits.length / this.dimensions;
  }

  /** Makes room for nodes 0 .. count-1. */
  reserve(count: number) {
    if (count * this.dimensions <= this.bits.length) return;
    const grown = new Uint16Array(Math.max(count, this.capacity * 2, 64) * this.dimensions);
    grown.set(this.bits);
    this.bits = grown;
  }

  set(node: number, v: Float32Array) {
    this.reserve(node + 1);
    const at = node * this.dimensions;
    for (let i = 0; i < this.dimensions; i++) this.bits[at + i] = toHalf(v[i]!);
  }

  get(node: number): Float32Array {
    const out = new Float32Array(this.dimensions);
    const at = node * this.dimensions;
    for (let i = 0; i < this.dimensions; i++) out[i] = HALF_VALUES[this.bits[at + i]!]!;
    return out;
  }

  score(q: Float32Array, node: number): number {
    const bits = this.bits;
    const d = this.dimensions;
    let at = node * d;
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

  /** The stored halves of nodes 0 .. count-1 (for a snapshot). */
  view(count: number): Uint16Array {
    return this.bits.subarray(0, count * this.dimensions);
  }

  /** A store holding a snapshot's halves (they are taken over, not copied). */
  static of(dimensions: number, bits: Uint16Array): HalfStore {
    if (bits.length % dimensions !== 0) throw new Error("vector snapshot: halves are not whole vectors");
    const store = new HalfStore(dimensions);
    store.bits = bits;
    return store;
  }

  bytes(): number {
    return this.bits.byteLength;
  }
}
