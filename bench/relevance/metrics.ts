/**
 * Ranking quality at a cut-off k, for one query's ranked ids against graded judgements (1 or 2):
 *   MRR@k     1 / rank of the first relevant result (0 when none is in the top k)
 *   nDCG@k    DCG with gain 2^grade − 1 and log2(rank + 1) discount, over the ideal ordering's DCG
 *   recall@k  relevant results in the top k over min(k, relevant ones): 1 when the top k could hold no more
 *             (queries with hundreds of relevant notes would otherwise cap recall@8 near zero)
 *   hit@1     the first result is relevant
 */
export interface Scores {
  mrr: number;
  ndcg: number;
  recall: number;
  hit1: number;
}

export function scoreRanking(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): Scores {
  const top = ranked.slice(0, k);
  const first = top.findIndex((id) => grades.has(id));
  const gain = (g: number) => 2 ** g - 1;
  const dcg = top.reduce((s, id, i) => s + gain(grades.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...grades.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((s, g, i) => s + gain(g) / Math.log2(i + 2), 0);
  const found = top.filter((id) => grades.has(id)).length;
  return {
    mrr: first < 0 ? 0 : 1 / (first + 1),
    ndcg: ideal === 0 ? 0 : dcg / ideal,
    recall: grades.size === 0 ? 0 : found / Math.min(k, grades.size),
    hit1: first === 0 ? 1 : 0,
  };
}

export function mean(scores: readonly Scores[]): Scores {
  const n = scores.length || 1;
  const sum = (f: (s: Scores) => number) => scores.reduce((a, s) => a + f(s), 0) / n;
  return { mrr: sum((s) => s.mrr), ndcg: sum((s) => s.ndcg), recall: sum((s) => s.recall), hit1: sum((s) => s.hit1) };
}
