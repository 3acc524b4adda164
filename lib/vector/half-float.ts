/**
 * IEEE 754 half precision (binary16), which Node 20 has no type for: the vector index keeps its copy of every vector
 * in it (half-store.ts), half the memory of float32. A unit vector's components lose at most one part in 2,048 of
 * their value, so a cosine moves by a few hundred-thousandths: well below the gaps a ranking turns on. Encoding
 * rounds to nearest, ties to even, subnormals included; decoding reads a table of all 65,536 values.
 */

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The half-precision bits nearest to `x` (beyond the largest half, infinity; NaN stays NaN). */
export function toHalf(x: number): number {
  f32[0] = x;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // Subnormal (or zero): the implicit leading bit joins the mantissa, shifted into place, then rounded.
    if (e < -10) return sign;
    const full = mantissa | 0x800000;
    const shift = 14 - e;
    let half = full >>> shift;
    const rest = full & ((1 << shift) - 1);
    const midway = 1 << (shift - 1);
    if (rest > midway || (rest === midway && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  // Rounding up may carry into the exponent, which is right (up to infinity).
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half++;
  return sign | half;
}

/** Every half's value, by its bits. */
export const HALF_VALUES: Float32Array = (() => {
  const table = new Float32Array(0x10000);
  for (let h = 0; h < 0x10000; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >>> 10) & 0x1f;
    const mantissa = h & 0x3ff;
    table[h] =
      exponent === 0
        ? sign * mantissa * 2 ** -24
        : exponent === 0x1f
          ? mantissa
            ? NaN
            : sign * Infinity
          : sign * (1024 + mantissa) * 2 ** (exponent - 25);
  }
  return table;
})();
