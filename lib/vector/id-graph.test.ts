/**
 * The index keyed by row id, on either graph library: searches rescore the graph's candidates and agree with an
 * exact scan on a small set, identical vectors share a node, dropped rows never come back, and the parts a
 * snapshot keeps (with usearch's own file) make the same index again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHashedNgramEmbedder } from "../embedding/hashed-ngram-embedder.js";
import type { AnnGraph } from "./ann-graph.js";
import { LARGE_GRAPH, SMALL_GRAPH } from "./graph-tuning.js";
import { IdGraph } from "./id-graph.js";
import { UsearchGraph } from "./usearch-graph.js";

const embedder = createHashedNgramEmbedder(64);
const TEXTS = Array.from(
  { length: 300 },
  (_, i) => `note ${i} on ${["rates", "oil", "banks", "gold"][i % 4]} ${i % 7}`,
);

async function filled(kind: "usearch" | "hnsw") {
  const graph = new IdGraph({ dimensions: 64, graph: kind });
  const vectors = await embedder.embed(TEXTS);
  graph.addMany(TEXTS.map((_, i) => [`d${i}`, vectors[i]!] as const));
  return { graph, vectors };
}

describe.each(["usearch", "hnsw"] as const)("the id graph on %s", (kind) => {
  it("finds what an exact scan finds, with the copy's cosines, best first", async () => {
    const { graph, vectors } = await filled(kind);
    expect(graph.graph.kind).toBe(kind);
    for (const q of vectors.slice(0, 40)) {
      const hits = graph.search(q, 8);
      const exact = graph.exact(q, 8);
      // The same scores; the same ids, but for ties at the eighth place, where either answer is right.
      expect(hits.map((h) => h.score)).toEqual(exact.map((h) => h.score));
      const above = (list: typeof hits) => list.filter((h) => h.score > exact[7]!.score).map((h) => h.id);
      expect(above(hits)).toEqual(above(exact));
      expect(hits[0]!.score).toBeCloseTo(1, 3);
    }
  });

  it("shares a node between identical vectors, and forgets dropped rows", async () => {
    const { graph, vectors } = await filled(kind);
    graph.add("twin", vectors[5]!);
    expect(graph.nodeCounts.nodes).toBe(300);
    expect(
      graph
        .search(vectors[5]!, 2)
        .map((h) => h.id)
        .sort(),
    ).toEqual(["d5", "twin"]);
    graph.drop("d5");
    graph.drop("twin");
    expect(graph.nodeCounts.removed).toBe(1);
    expect(graph.search(vectors[5]!, 20).map((h) => h.id)).not.toContain("d5");
    expect(graph.vectorOf("d6")).toHaveLength(64);
    expect(graph.vectorOf("d5")).toBeUndefined();
  });
});

describe("an id graph from a snapshot's parts", () => {
  it("answers as the one it was saved from", async () => {
    const { graph, vectors } = await filled("usearch");
    graph.drop("d7");
    const dir = mkdtempSync(path.join(tmpdir(), "id-graph-"));
    try {
      const file = path.join(dir, "graph.usearch");
      (graph.graph as UsearchGraph).save(file);
      const again = new IdGraph(
        { dimensions: 64 },
        { graph: UsearchGraph.load(file, 64, SMALL_GRAPH), parts: structuredClone(graph.parts()) },
      );
      for (const q of vectors.slice(0, 20)) expect(again.search(q, 8)).toEqual(graph.search(q, 8));
      expect(again.size).toBe(299);
      expect(
        () =>
          new IdGraph(
            { dimensions: 64 },
            { graph: UsearchGraph.load(file, 64, SMALL_GRAPH), parts: { ...graph.parts(), nodes: 5 } },
          ),
      ).toThrow(/node tables of different lengths/);
      expect(() => UsearchGraph.load(file, 32, SMALL_GRAPH)).toThrow();
      expect(() => UsearchGraph.load(file, 64, LARGE_GRAPH)).toThrow("the saved graph has 16 links, not 32");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("room for a build", () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const v = new Float32Array(384);
      v[i % 384] = 1;
      v[(i * 7 + 1) % 384] = (i + 1) / n; // every vector differs, so every row is a node of its own
      return [`d${i}`, v] as const;
    });

  it("keeps room for the rows it was told of, not the next power of two that batch by batch growth reaches", () => {
    const reserved = new IdGraph({ dimensions: 384, graph: "hnsw" });
    reserved.reserve(1_100);
    const grown = new IdGraph({ dimensions: 384, graph: "hnsw" });
    const all = rows(1_100);
    for (let i = 0; i < all.length; i += 100) {
      reserved.addMany(all.slice(i, i + 100));
      grown.addMany(all.slice(i, i + 100));
    }
    // 768 bytes a node: a 64 KiB page holds 85 of them, the most a reserved store keeps beyond what it was told.
    expect(reserved.store.capacity).toBeGreaterThanOrEqual(1_100);
    expect(reserved.store.capacity).toBeLessThan(1_100 + 85);
    expect(grown.store.capacity).toBeGreaterThan(1_300);
  });
});

describe("candidates asked of the graph", () => {
  /**
   * An index of `live` nodes (and `removed` more) over a graph that records what it is asked: a real graph of
   * 150,000 nodes takes minutes to build, and only the number asked is under test here.
   */
  function asking(live: number, removed = 0) {
    const asked: number[] = [];
    const graph: AnnGraph = {
      kind: "hnsw",
      add: () => {},
      remove: () => {},
      search: (_q, wanted) => {
        asked.push(wanted);
        return [0];
      },
      size: live,
      bytes: () => 0,
      tuning: null,
    };
    const nodes = live + removed;
    const idsOf = Array.from({ length: nodes }, (_, i) => (i < live ? `d${i}` : null));
    const keys = Array.from({ length: nodes }, (_, i) => (i < live ? `key ${i}` : ""));
    const index = new IdGraph(
      { dimensions: 4 },
      { graph, parts: { nodes, idsOf, keys, halves: new Uint16Array(nodes * 4) } },
    );
    return { index, asked };
  }
  const q = Float32Array.of(1, 0, 0, 0);

  it("is 160 below 150,000 live nodes and 320 from there, removed nodes not counted", () => {
    for (const [live, removed, wanted] of [
      [149_999, 0, 160],
      [150_000, 0, 320],
      [149_999, 5, 160],
    ] as const) {
      const { index, asked } = asking(live, removed);
      index.search(q, 8);
      expect(asked).toEqual([wanted]);
    }
  });

  it("is what the index or the call names when either does, and never fewer than k plus the exclusions", () => {
    const { index, asked } = asking(150_000);
    index.search(q, 8, new Set(), 64);
    index.efSearch = 100;
    index.search(q, 8);
    index.search(q, 120, new Set(["d1", "d2"]));
    expect(asked).toEqual([64, 100, 122]);
  });
});
