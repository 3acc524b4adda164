/**
 * The half-precision store scores alike in WebAssembly SIMD and in JavaScript (to float32 rounding; subnormal halves
 * count as 0 in SIMD), keeps every vector to half precision across growth, and hands a snapshot's halves back as given.
 */
import { describe, expect, it } from "vitest";
import { createHashedNgramEmbedder } from "../embedding/hashed-ngram-embedder.js";
import { HALF_VALUES, toHalf } from "./half-float.js";
import { HalfStore } from "./half-store.js";

describe("the half-precision store", () => {
  it("scores alike in SIMD and JavaScript, through growth, for any dimension", async () => {
    for (const dimensions of [384, 61]) {
      const embedder = createHashedNgramEmbedder(dimensions);
      const vectors = await embedder.embed(Array.from({ length: 500 }, (_, i) => `note ${i} on rates ${i % 13}`));
      const simd = new HalfStore(dimensions);
      const js = new HalfStore(dimensions, "js");
      vectors.forEach((v, node) => {
        simd.set(node, v);
        js.set(node, v);
      });
      expect(simd.capacity).toBeGreaterThanOrEqual(500);
      for (const q of vectors.slice(0, 20)) {
        simd.prepare(q);
        js.prepare(q);
        for (let node = 0; node < 500; node += 7)
          expect(simd.scorePrepared(node)).toBeCloseTo(js.scorePrepared(node), 5);
      }
      const v = vectors[123]!;
      expect([...simd.get(123)]).toEqual([...v].map((x) => HALF_VALUES[toHalf(x)]));
      const again = HalfStore.of(dimensions, simd.view(500));
      expect(again.view(500)).toEqual(simd.view(500));
      expect(again.score(v, 123)).toBe(simd.score(v, 123));
    }
  });
});
