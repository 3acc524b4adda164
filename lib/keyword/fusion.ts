/**
 * Reciprocal-rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): each ranking gives a match 1 / (k + rank),
 * rank counted from 1; the sums order the fused list. Scores of different rankings (BM25, cosine) are never
 * compared, only ranks, which is why it needs no tuning beyond k. Ties fall to the better single rank, then id.
 */

export interface Ranked {
  id: string;
  score: number;
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

export function reciprocalRankFusion(rankings: Record<string, readonly Ranked[]>, k: number): Fused[] {
  const fused = new Map<string, Fused>();
  for (const [name, list] of Object.entries(rankings)) {
    list.forEach((hit, i) => {
      let f = fused.get(hit.id);
      if (!f) fused.set(hit.id, (f = { id: hit.id, score: 0, places: {} }));
      f.score += 1 / (k + i + 1);
      f.places[name] = { rank: i + 1, score: hit.score };
    });
  }
  const best = (f: Fused) => Math.min(...Object.values(f.places).map((p) => p?.rank ?? Infinity));
  return [...fused.values()].sort((a, b) => b.score - a.score || best(a) - best(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
