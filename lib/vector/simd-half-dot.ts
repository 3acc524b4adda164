/**
 * A WebAssembly SIMD dot product of a float32 query with a half-precision vector (half-store.ts), written out as
 * module bytes like simd-dot.ts (nothing to build or download). Four halves at a time are loaded widened to 32-bit
 * lanes and turned into float32 bits with integer operations (exponent rebiased, mantissa shifted, sign moved; a
 * zero exponent, zero or subnormal, gives 0: a subnormal half is below 6.1e-5, which moves a cosine by less than
 * that times the query's component), then multiplied with the query's four floats and summed.
 *
 *   (func (export "dot") (param $q i32) (param $h i32) (param $n i32) (result f32)
 *     (local $acc v128) (local $end i32) (local $x v128)
 *     end = h + n * 2; loop while h < end:
 *       x = v128.load16x4_u(h)
 *       f = ((((x & 0x7fff) << 13) + (112 << 23)) & ((x & 0x7c00) != 0)) | ((x & 0x8000) << 16)
 *       acc += f * v128.load(q); q += 16; h += 8
 *     return acc[0] + acc[1] + acc[2] + acc[3])
 */
import type { WasmMemory } from "./simd-dot.js";

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

const section = (id: number, bytes: number[]) => [id, ...leb(bytes.length), ...bytes];
const name = (s: string) => [s.length, ...Buffer.from(s, "utf8")];
/** v128.const with the same 32-bit value in every lane. */
const splat = (v: number) => [
  0xfd,
  0x0c,
  ...Array.from({ length: 4 }, () => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24]).flat(),
];

const AND = [0xfd, 0x4e];
const OR = [0xfd, 0x50];
const SHL = [0xfd, 0xab, 0x01];
const ADD = [0xfd, 0xae, 0x01];
const NE = [0xfd, 0x38];
const X = [0x20, 0x05];

// prettier-ignore
const BODY = [
  0x03, 0x01, 0x7b, 0x01, 0x7f, 0x01, 0x7b, // locals: $acc v128 (3), $end i32 (4), $x v128 (5)
  0x20, 0x01, 0x20, 0x02, 0x41, 0x01, 0x74, 0x6a, 0x21, 0x04, // $end = $h + ($n << 1)
  0x02, 0x40, 0x03, 0x40, // block, loop
  0x20, 0x01, 0x20, 0x04, 0x4f, 0x0d, 0x01, // br_if 1 when $h >= $end
  0x20, 0x01, 0xfd, 0x04, 0x00, 0x00, 0x21, 0x05, // $x = v128.load16x4_u $h
  ...X, ...splat(0x7fff), ...AND, 0x41, 0x0d, ...SHL, ...splat(112 << 23), ...ADD, // magnitude
  ...X, ...splat(0x7c00), ...AND, ...splat(0), ...NE, ...AND, // zero unless the exponent is
  ...X, ...splat(0x8000), ...AND, 0x41, 0x10, ...SHL, ...OR, // sign
  0x20, 0x00, 0xfd, 0x00, 0x00, 0x00, // v128.load $q
  0xfd, 0xe6, 0x01, 0x20, 0x03, 0xfd, 0xe4, 0x01, 0x21, 0x03, // $acc = f * q + $acc
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00, // $q += 16
  0x20, 0x01, 0x41, 0x08, 0x6a, 0x21, 0x01, // $h += 8
  0x0c, 0x00, 0x0b, 0x0b, // br 0, end loop, end block
  0x20, 0x03, 0xfd, 0x1f, 0x00, // lane 0
  0x20, 0x03, 0xfd, 0x1f, 0x01, 0x92, // + lane 1
  0x20, 0x03, 0xfd, 0x1f, 0x02, 0x92, // + lane 2
  0x20, 0x03, 0xfd, 0x1f, 0x03, 0x92, // + lane 3
  0x0b,
];

export const SIMD_HALF_DOT_MODULE = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00,
  ...section(1, [0x01, 0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x01, 0x7d]), // type (i32, i32, i32) -> f32
  ...section(2, [0x01, ...name("env"), ...name("memory"), 0x02, 0x00, 0x01]), // import memory, min 1 page
  ...section(3, [0x01, 0x00]),
  ...section(7, [0x01, ...name("dot"), 0x00, 0x00]),
  ...section(10, [0x01, ...leb(BODY.length), ...BODY]),
]);

export type HalfDot = (q: number, h: number, n: number) => number;

interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  validate(bytes: Uint8Array): boolean;
}

const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** A memory and the dot function over it, or null where WebAssembly SIMD is unavailable. */
export function simdHalfDot(): { memory: WasmMemory; dot: HalfDot } | null {
  if (!wasm || !wasm.validate(SIMD_HALF_DOT_MODULE)) return null;
  const memory = new wasm.Memory({ initial: 1 });
  const instance = new wasm.Instance(new wasm.Module(SIMD_HALF_DOT_MODULE), { env: { memory } });
  return { memory, dot: instance.exports.dot as HalfDot };
}
