/** Turns text into unit-length vectors. One interface; the model name and dimension travel with every vector stored. */
export interface Embedder {
  /** Recorded beside each stored vector; a change of model means a re-embed, never a mix. */
  readonly model: string;
  readonly dimensions: number;
  /**
   * False when a text in one script carries no signal about a text in another (the built-in n-gram embedder):
   * search then gives such pairs no semantic vote. Unset: assumed multilingual (an endpoint's model).
   */
  readonly crossLingual?: boolean;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot; // both unit length
}

export function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
