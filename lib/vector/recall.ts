/**
 * Recall@k of approximate answers against exact ones. As in ann-benchmarks, a returned item counts when its
 * score reaches the k-th exact score (less a float tolerance; ann-benchmarks allows 1e-3, this 1e-5): with ties at the k-th place any of the tied items
 * is a correct answer, and identity-based recall would punish a correct search for an arbitrary tie-break.
 */
export interface Answer {
  approximate: readonly { score: number }[];
  exact: readonly { score: number }[];
}

/** Scores are float32 dot products: ties may differ in the last bits between two ways of computing them. */
export const RECALL_EPSILON = 1e-5;

export function recallAtK(answers: readonly Answer[], k: number): number {
  let found = 0;
  let wanted = 0;
  for (const { approximate, exact } of answers) {
    const expected = Math.min(k, exact.length);
    if (expected === 0) continue;
    const threshold = exact[expected - 1]!.score - RECALL_EPSILON;
    found += Math.min(expected, approximate.slice(0, k).filter((a) => a.score >= threshold).length);
    wanted += expected;
  }
  return wanted === 0 ? 1 : found / wanted;
}
