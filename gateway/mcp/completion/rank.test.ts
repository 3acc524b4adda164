/** Ranking completions: prefix matches before inner ones, each in source order, at most 100, with total and hasMore. */
import { describe, expect, it } from "vitest";
import { MAX_VALUES, rankCompletions } from "./rank.js";

describe("rankCompletions", () => {
  it("puts values beginning with the typed text first, then those containing it, ignoring case, each in source order", () => {
    expect(rankCompletions(["p-beta", "alpha-p-1", "P-alpha", "gamma", "p-beta"], "p-")).toEqual({
      values: ["p-beta", "P-alpha", "alpha-p-1"],
      total: 3,
      hasMore: false,
    });
  });

  it("offers everything, in source order, for an empty value", () => {
    expect(rankCompletions(["b", "a"], "")).toEqual({ values: ["b", "a"], total: 2, hasMore: false });
  });

  it(`cuts at ${MAX_VALUES} values and says how many there were`, () => {
    const many = Array.from({ length: 150 }, (_, i) => `id-${String(i).padStart(3, "0")}`);
    const ranked = rankCompletions(many, "id");
    expect(ranked.values).toEqual(many.slice(0, MAX_VALUES));
    expect(ranked).toMatchObject({ total: 150, hasMore: true });
  });
});
