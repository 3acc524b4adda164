/** Vectors are stored in PostgreSQL as bytea: float32 little-endian, 4 bytes per dimension. */

export function encodeVector(v: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(v.length * 4);
  for (let i = 0; i < v.length; i++) out.writeFloatLE(v[i]!, i * 4);
  return out;
}

export function decodeVector(bytes: Buffer): Float32Array {
  if (bytes.length % 4 !== 0) throw new Error(`a stored vector has ${bytes.length} bytes, not a multiple of 4`);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

export const isZero = (v: Float32Array): boolean => v.every((x) => x === 0);
