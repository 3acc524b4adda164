/** The reuse policy as verify_claim applies it: a verdict, a score at the category's threshold, within its time-to-live. */
import { describe, expect, it } from "vitest";
import { reuseDecision } from "./verify-claim.js";

const NOW = Date.parse("2026-11-20T10:00:00Z");
const DAY = 86_400_000;
const policy = { numerical: { threshold: 0.9, ttlDays: 30 } };
const match = (over: Partial<Parameters<typeof reuseDecision>[0]>) => ({
  fact_card_id: "fc-1",
  score: 0.95,
  claim_category: "numerical",
  verdict: "verified",
  claim_text_en: "x",
  completed_at: NOW - 10 * DAY,
  ...over,
});

describe("reuseDecision", () => {
  it("reuses a verdict at or above the threshold and within the time-to-live", () => {
    expect(reuseDecision(match({}), policy, NOW)).toEqual({
      reusable: true,
      why: "score 0.950 ≥ 0.9, verdict within 30 days",
    });
    expect(reuseDecision(match({ score: 0.9, completed_at: NOW - 30 * DAY }), policy, NOW).reusable).toBe(true);
  });

  it("refuses no verdict, a low score, an old verdict, and a category without a policy, saying why", () => {
    expect(reuseDecision(match({ verdict: null }), policy, NOW)).toEqual({ reusable: false, why: "no verdict yet" });
    expect(reuseDecision(match({ score: 0.899 }), policy, NOW)).toEqual({
      reusable: false,
      why: "score 0.899 below the numerical threshold 0.9",
    });
    expect(reuseDecision(match({ completed_at: NOW - 31 * DAY }), policy, NOW)).toEqual({
      reusable: false,
      why: "verdict older than 30 days",
    });
    expect(reuseDecision(match({ completed_at: null }), policy, NOW)).toEqual({
      reusable: false,
      why: "the verdict has no completion time",
    });
    expect(reuseDecision(match({ claim_category: "date" }), policy, NOW)).toEqual({
      reusable: false,
      why: "no reuse policy for category date",
    });
  });
});
