import { describe, expect, it } from "vitest";
import type { Scores } from "./metrics.js";
import type { RelevanceRun } from "./relevance-bench.js";
import { searchTargets } from "./search-targets.js";

const scored = (recall: number): Scores => ({ mrr: 1, ndcg: recall, recall, hit1: 1 });
const timing = { p50: 1, p95: 2, p99: 3, qps: 100 };

/** A run of three queries with each mode's recall per query (MRR 1 and nDCG = recall throughout). */
function runOf(recalls: { semantic: number[]; keyword: number[]; hybrid: number[] }): RelevanceRun {
  const perQuery = {
    semantic: recalls.semantic.map(scored),
    keyword: recalls.keyword.map(scored),
    hybrid: recalls.hybrid.map(scored),
  };
  const meanOf = (xs: Scores[]) => ({ all: scored(xs.reduce((a, s) => a + s.recall, 0) / xs.length) });
  return {
    queries: [],
    perQuery,
    scores: { semantic: meanOf(perQuery.semantic), keyword: meanOf(perQuery.keyword), hybrid: meanOf(perQuery.hybrid) },
    latency: { semantic: timing, keyword: timing, hybrid: timing },
  };
}

const row = (printed: string, start: string) => printed.split("\n").find((l) => l.includes(start))!;

describe("searchTargets: hybrid at least as good as each single mode", () => {
  it("counts the queries hybrid scored below and above each single mode, beside the means", () => {
    // Query 1: hybrid below keyword, above semantic; query 2: above both; query 3: tied with keyword, above semantic.
    const run = runOf({ semantic: [0.5, 0.5, 0.25], keyword: [1, 0.5, 0.75], hybrid: [0.75, 1, 0.75] });
    const recall = row(searchTargets({ label: "scale 20", run }), "scale 20: hybrid recall@8");
    expect(recall).toContain("0.833 (keyword 0.750, semantic 0.417); queries below/above keyword 1/1, semantic 0/3");
    expect(recall).toMatch(/\| +met \|$/);
  });

  it("misses on the means, whatever the queries' count, when hybrid's mean is below a single mode's", () => {
    const run = runOf({ semantic: [0, 0, 0], keyword: [1, 1, 1], hybrid: [1, 1, 0.875] });
    const recall = row(searchTargets({ label: "100000 documents", run }), "100000 documents: hybrid recall@8");
    expect(recall).toContain("0.958 (keyword 1.000, semantic 0.000); queries below/above keyword 1/0, semantic 0/3");
    expect(recall).toMatch(/\| +MISSED \|$/);
  });
});
