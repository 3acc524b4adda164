/**
 * Builds a vector runtime's indexes in two timed steps, keyword indexes first, then the vector indexes, and
 * measures each step's build time and the memory it added (heap and array buffers, after a collection when
 * node runs with --expose-gc, as `npm run bench` arranges; without it the figures include garbage).
 */
import type { VectorRuntime } from "../../lib/vector/vector-runtime.js";

export interface BuildFigures {
  keywordMs: number;
  keywordBytes: number;
  vectorMs: number;
  vectorBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function used(): number {
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

export async function buildIndexes(runtime: VectorRuntime): Promise<BuildFigures> {
  const m0 = used();
  let t = performance.now();
  await runtime.keywords.refresh();
  const keywordMs = performance.now() - t;
  const m1 = used();
  t = performance.now();
  await runtime.start();
  const vectorMs = performance.now() - t;
  const m2 = used();
  return { keywordMs, keywordBytes: m1 - m0, vectorMs, vectorBytes: m2 - m1 };
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const gcNote = () => (gc ? "" : " (no --expose-gc: memory figures include uncollected garbage)");
