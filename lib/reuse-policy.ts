/**
 * When a prior fact-check verdict may be inherited by a new claim (spec §2.10 `reuse_policy`): the new claim's
 * cosine similarity to the prior one must reach `threshold`, and the prior verdict must be younger than
 * `ttlDays`. Every claim category has a policy; FACTCARD_REUSE_POLICY overrides any of them.
 */

export const CLAIM_CATEGORIES = [
  "comparison",
  "date",
  "financial",
  "geographic",
  "named_entity",
  "numerical",
  "prose",
  "spec",
] as const;
export type ClaimCategory = (typeof CLAIM_CATEGORIES)[number];

export interface ReusePolicyValue {
  /** Cosine similarity from 0 to 1. */
  threshold: number;
  ttlDays: number;
}

/**
 * Claims whose meaning turns on a few characters (a number, a date, a price) need a near-identical wording;
 * market figures go stale within a day, places and dated events hardly ever.
 */
export const DEFAULT_REUSE_POLICY: Readonly<Record<ClaimCategory, ReusePolicyValue>> = {
  comparison: { threshold: 0.92, ttlDays: 7 },
  date: { threshold: 0.96, ttlDays: 365 },
  financial: { threshold: 0.95, ttlDays: 1 },
  geographic: { threshold: 0.9, ttlDays: 180 },
  named_entity: { threshold: 0.9, ttlDays: 90 },
  numerical: { threshold: 0.96, ttlDays: 7 },
  prose: { threshold: 0.88, ttlDays: 30 },
  spec: { threshold: 0.93, ttlDays: 90 },
};
