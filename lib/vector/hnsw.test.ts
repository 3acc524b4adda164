import { describe, expect, it } from "vitest";
import { normalise } from "../embedding/embedder.js";
import { Hnsw } from "./hnsw.js";
import { recallAtK } from "./recall.js";

/** Clustered unit vectors, like text embeddings: many near neighbours, some near-duplicates. */
function clustered(n: number, dims: number, seed: number): Float32Array[] {
  let state = seed;
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  const centres = Array.from({ length: 40 }, () => Float32Array.from({ length: dims }, rand));
  return Array.from({ length: n }, (_, i) => {
    const c = centres[i % centres.length]!;
    return normalise(Float32Array.from(c, (x) => x + rand() * 0.8));
  });
}

describe.each(["auto", "js"] as const)("the HNSW graph (%s vector store)", (store) => {
  const dims = 64;
  const data = clustered(3000, dims, 7);
  const queries = clustered(200, dims, 99);
  const index = new Hnsw({ dimensions: dims, store });
  data.forEach((v) => index.add(v));

  it("uses WebAssembly SIMD unless told not to", () => {
    expect(index.store.kind).toBe(store === "js" ? "js" : "wasm-simd");
  });

  it("finds at least 95% of the exact top 8", () => {
    const recall = recallAtK(
      queries.map((q) => ({ approximate: index.search(q, 8), exact: index.exact(q, 8) })),
      8,
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("returns results highest score first, never more than k, each score the true cosine", () => {
    const hits = index.search(queries[0]!, 8);
    expect(hits).toHaveLength(8);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
    for (const h of hits) expect(h.score).toBeCloseTo(index.score(queries[0]!, h.node), 6);
  });

  it("never returns a removed node, and exact search honours a subset", () => {
    const small = new Hnsw({ dimensions: dims, store });
    data.slice(0, 500).forEach((v) => small.add(v));
    const first = small.search(data[3]!, 1)[0]!;
    expect(first.node).toBe(3);
    small.remove(3);
    expect(small.search(data[3]!, 20).map((h) => h.node)).not.toContain(3);
    expect(small.exact(data[3]!, 500).map((h) => h.node)).not.toContain(3);
    expect(
      small
        .exact(data[3]!, 10, [5, 6, 7])
        .map((h) => h.node)
        .sort(),
    ).toEqual([5, 6, 7]);
    expect(small.live).toBe(499);
  });

  it("is reproducible: the same vectors give the same graph and answers", () => {
    const a = new Hnsw({ dimensions: dims, store });
    const b = new Hnsw({ dimensions: dims, store });
    data.slice(0, 800).forEach((v) => (a.add(v), b.add(v)));
    for (const q of queries.slice(0, 20)) expect(a.search(q, 8)).toEqual(b.search(q, 8));
  });
});

describe("the two vector stores", () => {
  it("score alike, for dimensions that are and are not a multiple of 4", () => {
    for (const dims of [64, 383, 5]) {
      const data = clustered(50, dims, 3);
      const simd = new Hnsw({ dimensions: dims });
      const plain = new Hnsw({ dimensions: dims, store: "js" });
      data.forEach((v) => (simd.add(v), plain.add(v)));
      for (let n = 0; n < 50; n++) {
        expect(simd.score(data[0]!, n)).toBeCloseTo(plain.score(data[0]!, n), 5);
        expect([...simd.vector(n)]).toEqual([...data[n]!]);
      }
    }
  });
});
