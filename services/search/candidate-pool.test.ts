/**
 * The candidate pool ranks the union of the semantic and keyword hits both ways: every candidate by its exact
 * cosine with the query (the semantic hits keeping the scores the index gave them, the keyword hits scored from
 * the copy) and every candidate holding a typed term by its BM25, as if each ranking had scored the whole pool.
 */
import { describe, expect, it } from "vitest";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { Bm25Index } from "../../lib/keyword/bm25-index.js";
import { terms } from "../../lib/keyword/tokenize.js";
import { IdGraph } from "../../lib/vector/id-graph.js";
import { candidatePool } from "./candidate-pool.js";

const TEXTS = Array.from(
  { length: 60 },
  (_, i) =>
    `note ${i} on ${["rates", "oil", "banks", "gold"][i % 4]} and ${["china", "yen", "copper"][i % 3]} ${i % 7}`,
);

describe("candidatePool", () => {
  it("scores the keyword hits' cosines and the semantic hits' BM25, as the whole pool scored both ways", async () => {
    const embedder = createHashedNgramEmbedder(64);
    const vectors = await embedder.embed(TEXTS);
    const graph = new IdGraph({ dimensions: 64 });
    graph.addMany(TEXTS.map((_, i) => [`d${i}`, vectors[i]!] as const));
    const bm25 = new Bm25Index();
    TEXTS.forEach((text, i) => bm25.set(`d${i}`, terms(text), i % 3));
    const [query] = (await embedder.embed(["banks and copper"])) as [Float32Array];
    const typed = [
      { term: "bank", weight: 1 },
      { term: "copper", weight: 1 },
    ];

    const semantic = graph.search(query, 8);
    const keyword = bm25.search(typed, 8);
    const pool = candidatePool(semantic, keyword, typed, bm25, { index: graph, query });

    const ids = [...new Set([...semantic, ...keyword].map((h) => h.id))];
    // The pool holds hits only one ranking found, so each side must have been scored for the other.
    expect(ids.length).toBeGreaterThan(semantic.length);
    expect(ids.length).toBeGreaterThan(keyword.length);
    expect(pool.semantic).toEqual(graph.exact(query, ids.length, ids));
    expect(pool.keyword).toEqual(bm25.scoresOf(typed, ids));
    // Every candidate's group, those holding no typed term included.
    expect([...pool.groupOf].sort()).toEqual(ids.map((id) => [id, Number(id.slice(1)) % 3]).sort());
  });

  it("keeps the semantic ranking as it is without a query vector", () => {
    const bm25 = new Bm25Index();
    TEXTS.forEach((text, i) => bm25.set(`d${i}`, terms(text)));
    const semantic = [{ id: "d1", score: 0.5 }];
    const pool = candidatePool(semantic, [], [{ term: "oil", weight: 1 }], bm25, null);
    expect(pool.semantic).toEqual(semantic);
    expect(pool.keyword).toEqual(bm25.scoresOf([{ term: "oil", weight: 1 }], ["d1"]));
  });
});
