/**
 * Builds a vector runtime's indexes in two timed steps, keyword indexes first, then the vector indexes, and
 * measures each step's build time and the memory it added: the JavaScript heap and external memory (typed arrays
 * and WebAssembly memory; issue 22's figures before counted array buffers only, which left out the project's HNSW's
 * vectors), after a collection when node runs with --expose-gc (as `npm run bench` arranges; without it the figures
 * include garbage), plus the native memory of a usearch graph, which V8 does not see: the size of its saved file,
 * which is its in-memory layout.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { UsearchGraph } from "../../lib/vector/usearch-graph.js";
import type { VectorRuntime } from "../../lib/vector/vector-runtime.js";

export interface BuildFigures {
  keywordMs: number;
  keywordBytes: number;
  vectorMs: number;
  vectorBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function used(): Promise<number> {
  // Twice, with a turn of the event loop between: array buffers are freed after the collection that finds them.
  gc?.();
  await new Promise((r) => setImmediate(r));
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** The native bytes of the runtime's usearch graphs (0 for graphs V8 sees). */
export function nativeGraphBytes(runtime: VectorRuntime): number {
  let total = 0;
  for (const name of runtime.selection.vectors) {
    const graph = runtime.index(name)?.idGraph.graph;
    if (!(graph instanceof UsearchGraph)) continue;
    const dir = mkdtempSync(path.join(tmpdir(), "graph-bytes-"));
    graph.save(path.join(dir, "graph"));
    total += statSync(path.join(dir, "graph")).size;
    rmSync(dir, { recursive: true, force: true });
  }
  return total;
}

export async function buildIndexes(runtime: VectorRuntime): Promise<BuildFigures> {
  const m0 = await used();
  let t = performance.now();
  await runtime.keywords.refresh();
  const keywordMs = performance.now() - t;
  const m1 = await used();
  t = performance.now();
  await runtime.start();
  const vectorMs = performance.now() - t;
  const m2 = await used();
  return { keywordMs, keywordBytes: m1 - m0, vectorMs, vectorBytes: m2 - m1 + nativeGraphBytes(runtime) };
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const gcNote = () => (gc ? "" : " (no --expose-gc: memory figures include uncollected garbage)");
