/**
 * Where the graph keeps its vectors and how it scores them: in WebAssembly memory with the SIMD dot product
 * (simd-dot.ts) where the runtime has it, else in a plain Float32Array. Scores are dot products of unit vectors.
 * A query is set once (`setQuery`) and then scored against many nodes.
 */
import { simdDot, type Dot, type WasmMemory } from "./simd-dot.js";

export interface VectorStore {
  readonly kind: "wasm-simd" | "js";
  readonly dimensions: number;
  /** Makes room for nodes 0 .. count-1. */
  reserve(count: number): void;
  set(node: number, v: Float32Array): void;
  /** A copy of a stored vector (views could be detached when the store grows). */
  get(node: number): Float32Array;
  setQuery(q: Float32Array): void;
  scoreQuery(node: number): number;
  scoreNodes(a: number, b: number): number;
}

const PAGE = 65536;

class WasmStore implements VectorStore {
  readonly kind = "wasm-simd";
  /** Floats per vector: the dimension rounded up to a multiple of 4 (the padding stays zero). */
  private readonly stride: number;
  private readonly bytes: number;
  private floats: Float32Array;

  constructor(
    readonly dimensions: number,
    private readonly memory: WasmMemory,
    private readonly dot: Dot,
  ) {
    this.stride = Math.ceil(dimensions / 4) * 4;
    this.bytes = this.stride * 4;
    this.floats = new Float32Array(memory.buffer);
  }

  reserve(count: number) {
    // Slot 0 holds the query; node i lives in slot i + 1.
    const needed = (count + 1) * this.bytes;
    const have = this.memory.buffer.byteLength;
    if (needed <= have) return;
    this.memory.grow(Math.ceil((Math.max(needed, have * 2) - have) / PAGE));
    this.floats = new Float32Array(this.memory.buffer);
  }

  set(node: number, v: Float32Array) {
    this.floats.set(v, (node + 1) * this.stride);
  }

  get(node: number): Float32Array {
    const start = (node + 1) * this.stride;
    return this.floats.slice(start, start + this.dimensions);
  }

  setQuery(q: Float32Array) {
    this.floats.set(q, 0);
  }

  scoreQuery(node: number): number {
    return this.dot(0, (node + 1) * this.bytes, this.stride);
  }

  scoreNodes(a: number, b: number): number {
    return this.dot((a + 1) * this.bytes, (b + 1) * this.bytes, this.stride);
  }
}

function jsDot(q: Float32Array, qOff: number, v: Float32Array, off: number, d: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < d; i += 4, off += 4) {
    s0 += q[qOff + i]! * v[off]!;
    s1 += q[qOff + i + 1]! * v[off + 1]!;
    s2 += q[qOff + i + 2]! * v[off + 2]!;
    s3 += q[qOff + i + 3]! * v[off + 3]!;
  }
  for (; i < d; i++, off++) s0 += q[qOff + i]! * v[off]!;
  return s0 + s1 + s2 + s3;
}

class JsStore implements VectorStore {
  readonly kind = "js";
  private floats = new Float32Array(0);
  private query: Float32Array = new Float32Array(0);

  constructor(readonly dimensions: number) {}

  reserve(count: number) {
    if (count * this.dimensions <= this.floats.length) return;
    const grown = new Float32Array(Math.max(count, (this.floats.length / this.dimensions) * 2) * this.dimensions);
    grown.set(this.floats);
    this.floats = grown;
  }

  set(node: number, v: Float32Array) {
    this.floats.set(v, node * this.dimensions);
  }

  get(node: number): Float32Array {
    return this.floats.slice(node * this.dimensions, (node + 1) * this.dimensions);
  }

  setQuery(q: Float32Array) {
    this.query = q;
  }

  scoreQuery(node: number): number {
    return jsDot(this.query, 0, this.floats, node * this.dimensions, this.dimensions);
  }

  scoreNodes(a: number, b: number): number {
    return jsDot(this.floats, a * this.dimensions, this.floats, b * this.dimensions, this.dimensions);
  }
}

export function createVectorStore(dimensions: number, kind: "auto" | "js" = "auto"): VectorStore {
  if (kind === "auto") {
    const simd = simdDot();
    if (simd) return new WasmStore(dimensions, simd.memory, simd.dot);
  }
  return new JsStore(dimensions);
}
