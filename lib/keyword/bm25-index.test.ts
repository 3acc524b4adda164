/** BM25 ranking, replacement and removal, filters and groups, scoring given rows, and reciprocal-rank fusion's order. */
import { describe, expect, it } from "vitest";
import { Bm25Index } from "./bm25-index.js";
import { reciprocalRankFusion } from "./fusion.js";
import { terms } from "./tokenize.js";

const q = (text: string) => terms(text).map((term) => ({ term, weight: 1 }));

function index(): Bm25Index {
  const i = new Bm25Index();
  i.set("a", terms("DBS net interest margin falls as rates fall"));
  i.set("b", terms("UOB and OCBC: fee income offsets the margin squeeze"));
  i.set("c", terms("Brent crude oil and OPEC+ supply cuts"));
  i.set("d", terms("margin margin margin of safety"));
  return i;
}

describe("the BM25 index", () => {
  it("scores given rows as a search over every row does, and tells a filter each row's group", () => {
    const i = index();
    i.set("e", terms("DBS margin outlook"), 2);
    const all = i.search(q("DBS margin"), 5);
    expect(i.scoresOf(q("DBS margin"), ["d", "e", "c", "missing"])).toEqual(
      all.filter((h) => h.id === "d" || h.id === "e"),
    );
    for (let n = 0; n < 1500; n++) i.set(`x${n}`, terms(n % 2 ? "margin" : "spread"));
    for (let n = 0; n < 1500; n++) i.remove(`x${n}`); // compacts, renumbering rows
    expect(i.scoresOf(q("DBS margin"), ["e", "a"]).map((h) => h.id)).toEqual(
      i.search(q("DBS margin"), 2).map((h) => h.id),
    );
    expect(i.search(q("DBS margin"), 5, (_, group) => group === 2).map((h) => h.id)).toEqual(["e"]);
  });

  it("ranks by BM25, highest first, rarer terms weighing more", () => {
    const hits = index().search(q("DBS margin"), 4);
    expect(hits.map((h) => h.id)).toEqual(["a", "d", "b"]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(index().search(q("nothing here"), 4)).toEqual([]);
  });

  it("answers only the rows a filter accepts, never excluded ones", () => {
    expect(
      index()
        .search(q("margin"), 4, (id) => id !== "d")
        .map((h) => h.id),
    ).toEqual(["a", "b"]);
    expect(
      index()
        .search(q("margin"), 4, undefined, new Set(["a"]))
        .map((h) => h.id),
    ).toEqual(["d", "b"]);
  });

  it("replaces and removes rows, and compacts its postings without changing answers", () => {
    const i = index();
    i.set("a", terms("Singapore dollar"));
    i.remove("c");
    expect(i.size).toBe(3);
    expect(i.search(q("margin"), 4).map((h) => h.id)).toEqual(["d", "b"]);
    expect(i.search(q("OPEC"), 4)).toEqual([]);
    const many = new Bm25Index();
    for (let n = 0; n < 3000; n++) many.set(`r${n}`, terms(n % 2 ? "odd margin" : "even margin"));
    for (let n = 0; n < 2000; n++) many.remove(`r${n}`);
    expect(many.size).toBe(1000);
    expect(many.search(q("odd"), 3).map((h) => h.id)).toEqual(["r2001", "r2003", "r2005"]);
  });
});

describe("reciprocal-rank fusion", () => {
  it("orders by the weighted sum of 1 / (k + rank), ties to the better single rank, then the id; a fused ranking's places carried on", () => {
    const fused = reciprocalRankFusion(
      [
        {
          name: "keyword",
          hits: [
            { id: "x", score: 9 },
            { id: "y", score: 5 },
            { id: "z", score: 1 },
          ],
          weight: 1,
        },
        {
          name: "semantic",
          hits: [
            { id: "y", score: 0.9 },
            { id: "w", score: 0.8 },
          ],
          weight: 1,
        },
      ],
      60,
    );
    expect(fused.map((f) => f.id)).toEqual(["y", "x", "w", "z"]);
    expect(fused[0]).toEqual({
      id: "y",
      score: 1 / 62 + 1 / 61,
      places: { keyword: { rank: 2, score: 5 }, semantic: { rank: 1, score: 0.9 } },
    });
    expect(fused[1]!.places).toEqual({ keyword: { rank: 1, score: 9 } });
    const weighted = reciprocalRankFusion(
      [
        { name: "a", hits: [{ id: "p", score: 1 }], weight: 1 },
        { name: "b", hits: [{ id: "q", score: 1 }], weight: 2 },
      ],
      60,
    );
    expect(weighted.map((f) => f.id)).toEqual(["q", "p"]);
    const tie = reciprocalRankFusion(
      [
        { name: "a", hits: [{ id: "n", score: 1 }], weight: 1 },
        { name: "b", hits: [{ id: "m", score: 1 }], weight: 1 },
      ],
      60,
    );
    expect(tie.map((f) => f.id)).toEqual(["m", "n"]);
    const again = reciprocalRankFusion(
      [
        { name: "first", hits: fused, weight: 1, inherit: true },
        { name: "other", hits: [{ id: "w", score: 3 }], weight: 1 },
      ],
      60,
    );
    expect(again.map((f) => [f.id, f.places])).toEqual([
      [
        "w",
        { semantic: { rank: 2, score: 0.8 }, first: { rank: 3, score: fused[2]!.score }, other: { rank: 1, score: 3 } },
      ],
      [
        "y",
        {
          keyword: { rank: 2, score: 5 },
          semantic: { rank: 1, score: 0.9 },
          first: { rank: 1, score: fused[0]!.score },
        },
      ],
      ["x", { keyword: { rank: 1, score: 9 }, first: { rank: 2, score: fused[1]!.score } }],
      ["z", { keyword: { rank: 3, score: 1 }, first: { rank: 4, score: fused[3]!.score } }],
    ]);
  });
});
