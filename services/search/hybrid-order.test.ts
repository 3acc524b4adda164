/**
 * The hybrid ranking's rules on hand-made rankings: the embedding reorders within a BM25 tier but not across a
 * clear drop, the lead comes first with scores still descending, the other language alternates with the query's,
 * and the embedding's other-script votes only fill in unless it reads both languages.
 */
import { describe, expect, it } from "vitest";
import { hybridOrder, type HybridRankings } from "./hybrid-order.js";

const ranked = (...ids: string[]) => ids.map((id, i) => ({ id, score: 1 - i / 100 }));
const scored = (pairs: [string, number][]) => pairs.map(([id, score]) => ({ id, score }));
const zh = new Set(["z1", "z2", "z3"]);
const base: HybridRankings = {
  semantic: [],
  keyword: [],
  bridge: [],
  inQueryScript: (id) => !zh.has(id),
  codesOnly: false,
  crossLingual: false,
};
const ids = (r: Partial<HybridRankings>) => hybridOrder({ ...base, ...r }, 60).map((f) => f.id);

describe("hybridOrder", () => {
  it("lets the embedding reorder near-equal BM25 hits, not lift one over a clear drop", () => {
    const keyword = scored([
      ["a", 10],
      ["b", 9.9],
      ["c", 9.8],
      ["d", 9.7],
      ["e", 9.6],
      ["f", 9.5],
      ["g", 9.4],
      ["h", 9.3],
      ["i", 9.2],
      ["j", 9.1],
      ["k", 9.0],
      ["x", 5],
    ]);
    const order = ids({ keyword, semantic: ranked("x", "k", "j") });
    expect(order.slice(0, 3)).toEqual(["k", "j", "a"]);
    expect(order.at(-1)).toBe("x");
    // A document holding no typed term comes after every one that holds one.
    expect(
      ids({
        keyword: scored([
          ["a", 3],
          ["b", 2.9],
        ]),
        semantic: ranked("s", "b"),
      }),
    ).toEqual(["b", "a", "s"]);
  });

  it("puts the lead first and keeps scores descending", () => {
    const fused = hybridOrder(
      {
        ...base,
        keyword: scored([
          ["a", 9],
          ["b", 5],
          ["c", 4.9],
        ]),
        semantic: ranked("c", "b", "a"),
        bridge: ranked("z1"),
      },
      60,
    );
    expect(fused.map((f) => f.id)).toEqual(["a", "c", "b", "z1"]);
    expect(fused.map((f) => f.score)).toEqual([...fused.map((f) => f.score)].sort((x, y) => y - x));
    expect(fused[0]!.places.keyword).toEqual({ rank: 1, score: 9 });
  });

  it("merges the other language as keyword search does: alternating, the query's first", () => {
    const keyword = scored([
      ["a", 5],
      ["b", 5],
      ["c", 5],
      ["d", 5],
      ["e", 5],
      ["f", 5],
      ["g", 5],
      ["h", 5],
      ["i", 5],
      ["j", 5],
      ["k", 5],
    ]);
    expect(ids({ keyword, bridge: ranked("z1", "z2") }).slice(0, 7)).toEqual(["a", "b", "c", "d", "z1", "e", "z2"]);
  });

  it("counts the embedding's other-script votes a tenth, after the bridge's, unless it reads both languages", () => {
    const keyword = scored([
      ["a", 5],
      ["b", 5],
      ["c", 5],
      ["d", 5],
      ["e", 5],
      ["f", 5],
      ["g", 5],
      ["h", 5],
      ["i", 5],
      ["j", 5],
      ["k", 5],
    ]);
    const semantic = ranked("z3", "z1");
    const fill = hybridOrder({ ...base, keyword, semantic, bridge: ranked("z1") }, 60);
    expect(fill.find((f) => f.id === "z1")!.places.semantic).toBeUndefined();
    expect(fill.at(-1)!.id).toBe("z3");
    const multilingual = ids({ keyword, semantic, bridge: ranked("z1"), crossLingual: true });
    expect(multilingual.indexOf("z1")).toBeLessThan(multilingual.indexOf("c"));
    expect(multilingual.indexOf("z3")).toBeLessThan(multilingual.indexOf("k"));
  });
});
