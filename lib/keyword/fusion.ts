/**
 * Weighted reciprocal-rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): each ranking gives a match
 * weight / (k + rank), rank counted from 1; the sums order the fused list. Scores of different rankings (BM25,
 * cosine) are never compared, only ranks, which is why it needs no tuning beyond k and the weights. Ties fall
 * to the better single rank, then to the id.
 */

export interface Ranked {
  id: string;
  score: number;
}

export interface Ranking {
  name: string;
  hits: readonly Ranked[];
  weight: number;
  /** A factor on `weight` for one hit (e.g. a vote the ranking is known to be blind about); 1 when absent. */
  factor?: (id: string) => number;
}

export interface Placement {
  rank: number;
  score: number;
}

export interface Fused {
  id: string;
  score: number;
  /** The match's place in each ranking, by ranking name; absent where it was not ranked. */
  places: Record<string, Placement | undefined>;
}

export function reciprocalRankFusion(rankings: readonly Ranking[], k: number): Fused[] {
  const fused = new Map<string, Fused & { best: number }>();
  for (const { name, hits, weight, factor } of rankings) {
    hits.forEach((hit, i) => {
      let f = fused.get(hit.id);
      if (!f) fused.set(hit.id, (f = { id: hit.id, score: 0, places: {}, best: Infinity }));
      f.score += (factor ? weight * factor(hit.id) : weight) / (k + i + 1);
      f.places[name] = { rank: i + 1, score: hit.score };
      f.best = Math.min(f.best, i + 1);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.best - b.best || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, score, places }) => ({ id, score, places }));
}
