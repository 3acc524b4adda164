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
  /** The hits are matches of an earlier fusion: each fused match keeps their places beside this ranking's. */
  inherit?: boolean;
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
  const slotOf = new Map<string, number>();
  const fused: Fused[] = [];
  /** Each fused match's best single rank, by slot: only ties of score ask it. */
  const best: number[] = [];
  for (const { name, hits, weight, factor, inherit } of rankings) {
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      let slot = slotOf.get(hit.id);
      if (slot === undefined) {
        slotOf.set(hit.id, (slot = fused.length));
        fused.push({ id: hit.id, score: 0, places: {} });
        best.push(Infinity);
      }
      const f = fused[slot]!;
      f.score += (factor ? weight * factor(hit.id) : weight) / (k + i + 1);
      if (inherit) Object.assign(f.places, (hit as Fused).places);
      f.places[name] = { rank: i + 1, score: hit.score };
      if (i + 1 < best[slot]!) best[slot] = i + 1;
    }
  }
  const bestOf = (f: Fused) => best[slotOf.get(f.id)!]!;
  return fused.sort((a, b) => b.score - a.score || bestOf(a) - bestOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
