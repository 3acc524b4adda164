/**
 * How sure the keyword ranking is, read from its own scores. BM25 scores of one query are comparable with each
 * other (not with cosines, which is why fusion uses ranks): where the next hit scores at least CLEAR_DROP less
 * than the one before, BM25 clearly prefers the hits above (they hold more of the query's terms, or rarer ones);
 * where scores run close, it barely does. Cutting the ranking at every clear drop gives tiers, 0 first; a
 * document holding none of the typed terms is below every tier.
 *
 * The lead is tier 0 when it has at most LEAD_MAX hits: a few documents that match the query's words clearly
 * better than anything else (every word of a title, the only notes naming a ticker). A tier 0 of dozens of
 * near-equal hits is not a lead, just a crowd BM25 cannot tell apart.
 */
import type { Ranked } from "../../lib/keyword/fusion.js";

export interface KeywordTiers {
  /** A ranked document's tier; absent for documents holding no typed term. */
  tierOf: Map<string, number>;
  lead: Set<string>;
}

export function keywordTiers(hits: readonly Ranked[], clearDrop: number, leadMax: number): KeywordTiers {
  const tierOf = new Map<string, number>();
  let tier = 0;
  hits.forEach((hit, i) => {
    if (i > 0 && hit.score <= (1 - clearDrop) * hits[i - 1]!.score) tier++;
    tierOf.set(hit.id, tier);
  });
  const first = hits.filter((h) => tierOf.get(h.id) === 0);
  return { tierOf, lead: new Set(first.length <= leadMax ? first.map((h) => h.id) : []) };
}
