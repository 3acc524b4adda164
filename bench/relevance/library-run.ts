/**
 * The index library, decided by numbers: the same vectors (the archive's stored float32 embeddings) indexed by each
 * graph the product can run on (lib/vector/ann-graph.ts: usearch, the project's own HNSW), each as the product uses
 * it (id-graph.ts: the graph proposes candidates, the half-precision copy ranks them), each in a process of its own
 * (library-alone.ts). For each: build time, memory (JavaScript heap and external memory added, plus usearch's
 * native memory, taken as the size of its saved file, which is its in-memory layout), and for document titles as
 * queries, one at a time: p50, p99, queries per second and recall@8 against an exact scan of the float32 vectors, at
 * several numbers of candidates. usearch is built with the links and breadth the product gives a graph of this size
 * (graph-tuning.ts), or with the tuning asked for (graph-tuning-bench.ts).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GraphKind } from "../../lib/vector/ann-graph.js";
import { tuningFor, type GraphTuning } from "../../lib/vector/graph-tuning.js";
import { IdGraph } from "../../lib/vector/id-graph.js";
import { recallAtK } from "../../lib/vector/recall.js";
import { UsearchGraph } from "../../lib/vector/usearch-graph.js";
import { time } from "../stats.js";

const K = 8;
export const CANDIDATES = [64, 160, 320];

export interface LibraryRow {
  kind: GraphKind;
  /** usearch's links and breadth; null for the project's HNSW. */
  tuning: GraphTuning | null;
  vectors: number;
  buildSeconds: number;
  memoryMib: number;
  /** By candidates per search. */
  searches: { candidates: number; p50: number; p99: number; qps: number; recall: number }[];
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

/** The exact top k of each query over the float32 vectors (the truth recall is measured against). */
export function exactTops(queries: Float32Array[], ids: string[], vectors: Float32Array[]): { score: number }[][] {
  return queries.map((q) => {
    const top: number[] = [];
    for (const v of vectors) {
      let s = 0;
      for (let i = 0; i < q.length; i++) s += q[i]! * v[i]!;
      if (top.length < K) top.push(s);
      else if (s > top[K - 1]!) top[K - 1] = s;
      else continue;
      top.sort((a, b) => b - a);
    }
    void ids;
    return top.map((score) => ({ score }));
  });
}

/** The true float32 cosine of each returned id. */
const truly = (q: Float32Array, hits: { id: string }[], vectorOf: Map<string, Float32Array>) =>
  hits.map((h) => {
    const v = vectorOf.get(h.id)!;
    let s = 0;
    for (let i = 0; i < q.length; i++) s += q[i]! * v[i]!;
    return { score: s };
  });

export async function libraryRun(
  kind: GraphKind,
  ids: string[],
  vectors: Float32Array[],
  queries: Float32Array[],
  truth: { score: number }[][],
  tuning: GraphTuning = tuningFor(ids.length),
): Promise<LibraryRow> {
  const before = await used();
  const started = performance.now();
  const graph = new IdGraph({ dimensions: vectors[0]!.length, graph: kind, tuning });
  for (let i = 0; i < ids.length; i += 256)
    graph.addMany(
      ids.slice(i, i + 256).map((id, j) => [id, vectors[i + j]!] as const),
      2,
    );
  const buildSeconds = (performance.now() - started) / 1000;
  let memory = (await used()) - before;
  if (graph.graph instanceof UsearchGraph) {
    const dir = mkdtempSync(path.join(tmpdir(), "library-"));
    graph.graph.save(path.join(dir, "graph"));
    memory += statSync(path.join(dir, "graph")).size;
    rmSync(dir, { recursive: true, force: true });
  }
  const vectorOf = new Map(ids.map((id, i) => [id, vectors[i]!]));
  const searches = [];
  for (const candidates of CANDIDATES) {
    for (const q of queries.slice(0, 30)) graph.search(q, K, undefined, candidates);
    const answers: { score: number }[][] = [];
    const t = await time(queries, (q) => answers.push(truly(q, graph.search(q, K, undefined, candidates), vectorOf)));
    const recall = recallAtK(
      answers.map((approximate, i) => ({ approximate, exact: truth[i]! })),
      K,
    );
    searches.push({ candidates, p50: t.p50, p99: t.p99, qps: t.qps, recall });
  }
  return { kind, tuning: graph.graph.tuning, vectors: ids.length, buildSeconds, memoryMib: memory / 2 ** 20, searches };
}

/** A graph's figures on one line, as a run says them while it goes on. */
export const describeRow = (row: LibraryRow): string =>
  `built in ${row.buildSeconds.toFixed(1)} s, ${row.memoryMib.toFixed(1)} MiB; ${row.searches
    .map(
      (q) =>
        `${q.candidates} candidates: ${q.qps.toFixed(0)} QPS, p99 ${q.p99.toFixed(3)} ms, recall@8 ${q.recall.toFixed(4)}`,
    )
    .join("; ")}`;
