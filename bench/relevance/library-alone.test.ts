/**
 * A graph measured in a process of its own answers with the row an in-process run gives: every candidate count
 * searched, recall against the exact top 8, and memory of its own build, the same for the same graph built twice.
 */
import { describe, expect, it } from "vitest";
import { libraryRunAlone } from "./library-alone.js";
import { CANDIDATES, exactTops } from "./library-run.js";

function unitVectors(n: number, d: number, seed: number): Float32Array[] {
  let x = seed;
  const next = () => ((x = (x * 48271) % 2147483647) / 2147483647) * 2 - 1;
  return Array.from({ length: n }, () => {
    const v = Float32Array.from({ length: d }, next);
    const norm = Math.hypot(...v);
    return v.map((c) => c / norm);
  });
}

describe("a library run in a process of its own", () => {
  it("measures each graph from the vectors alone", { timeout: 60_000 }, async () => {
    // Past the 1,024 nodes an index scans instead of asking its graph.
    const vectors = unitVectors(3_000, 32, 7);
    const ids = vectors.map((_, i) => `n${i}`);
    const queries = unitVectors(40, 32, 11);
    const truth = exactTops(queries, ids, vectors);
    const tuning = { connectivity: 16, expansionAdd: 128 };
    const first = await libraryRunAlone("usearch", ids, vectors, queries, truth, tuning);
    const second = await libraryRunAlone("usearch", ids, vectors, queries, truth, tuning);
    for (const row of [first, second]) {
      expect(row.kind).toBe("usearch");
      expect(row.tuning).toEqual(tuning);
      expect(row.vectors).toBe(3_000);
      expect(row.searches.map((s) => s.candidates)).toEqual(CANDIDATES);
      expect(row.searches.at(-1)!.recall).toBeGreaterThan(0.95);
      // The half copy alone is 3,000 × 32 × 2 bytes; the graph's file adds more.
      expect(row.memoryMib).toBeGreaterThan((3_000 * 32 * 2) / 2 ** 20);
    }
    expect(Math.abs(first.memoryMib - second.memoryMib)).toBeLessThan(0.5);
  });
});
