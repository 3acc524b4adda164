/**
 * BM25 tiers and the lead: cut at every clear drop, the lead only when few hits stand above the first one.
 */
import { describe, expect, it } from "vitest";
import { keywordTiers } from "./keyword-tiers.js";

const hits = (...scores: number[]) => scores.map((score, i) => ({ id: `d${i + 1}`, score }));

describe("keywordTiers", () => {
  it("starts a tier wherever the next score is at least the drop lower", () => {
    const { tierOf, lead } = keywordTiers(hits(10, 9.5, 8, 7.9, 3), 0.1, 10);
    expect([...tierOf.values()]).toEqual([0, 0, 1, 1, 2]);
    expect([...lead]).toEqual(["d1", "d2"]);
  });

  it("a single hit is a lead (a ticker only one note names); a tier 0 larger than the bound is none", () => {
    expect([...keywordTiers(hits(4.2), 0.1, 10).lead]).toEqual(["d1"]);
    expect(keywordTiers(hits(5, 5, 5, 4.9, 2), 0.1, 3).lead.size).toBe(0);
    expect(keywordTiers([], 0.1, 10)).toEqual({ tierOf: new Map(), lead: new Set() });
  });

  it("near-equal scores all the way down are one tier", () => {
    const { tierOf } = keywordTiers(hits(20, 19.5, 19, 18.6, 18.2, 17.9), 0.1, 10);
    expect(new Set(tierOf.values())).toEqual(new Set([0]));
  });
});
