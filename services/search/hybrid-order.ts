/**
 * The hybrid ranking: reciprocal-rank fusion that listens to how sure BM25 is. Two steps:
 *
 * 1. The query's language. Over the documents in the query's script (those its typed terms can match and, with
 *    the built-in embedder, the only ones whose cosine means anything), the keyword ranking and the semantic
 *    ranking are fused by weighted reciprocal rank, then ordered by BM25 tier (keyword-tiers.ts), fused order
 *    within a tier: the embedding reorders what BM25 cannot tell apart and brings in documents BM25 missed, but
 *    does not lift a document over a clear drop in BM25.
 * 2. The other language. That ranking is fused, as one ranking, with the bridge's (notes in the other script
 *    found by the bridge's terms) and the embedding's ranking of notes in the other script, as keyword search
 *    fuses the typed terms' ranking with the bridge's: the languages alternate, the query's first.
 *
 * BM25's lead (a few hits above its first clear drop) comes first of all: its score is raised by the most any
 * other result can score, so results stay highest score first.
 */
import { reciprocalRankFusion, type Fused, type Ranked } from "../../lib/keyword/fusion.js";
import {
  BRIDGE,
  CLEAR_DROP,
  CODES_KEYWORD,
  KEYWORD,
  LEAD_MAX,
  OTHER_SCRIPT,
  QUERY_LANGUAGE,
  SEMANTIC,
} from "./fusion-weights.js";
import { keywordTiers } from "./keyword-tiers.js";

export interface HybridRankings {
  /** The query's cosine with every candidate, best first. */
  semantic: readonly Ranked[];
  /** BM25 of the typed terms for every candidate holding one, best first. */
  keyword: readonly Ranked[];
  /** BM25 of the bridge's terms over documents in another script than the query, best first. */
  bridge: readonly Ranked[];
  /** Whether a document is in the query's script. */
  inQueryScript: (id: string) => boolean;
  /** Every typed term is a ticker, number or code. */
  codesOnly: boolean;
  /** The embedder relates texts across languages (a multilingual model), unlike the built-in one. */
  crossLingual: boolean;
}

export function hybridOrder(r: HybridRankings, k: number): Fused[] {
  // Without cross-language signal, the embedding's say on other-script notes only fills in after the bridge's.
  const bridged = new Set(r.bridge.map((h) => h.id));
  const own: Ranked[] = [];
  const other: Ranked[] = [];
  for (const h of r.semantic)
    if (r.inQueryScript(h.id)) own.push(h);
    else if (r.crossLingual || !bridged.has(h.id)) other.push(h);
  const { tierOf, lead } = keywordTiers(r.keyword, CLEAR_DROP, LEAD_MAX);
  const fusedHere = reciprocalRankFusion(
    [
      { name: "semantic", hits: own, weight: SEMANTIC },
      { name: "keyword", hits: r.keyword, weight: r.codesOnly ? CODES_KEYWORD : KEYWORD },
    ],
    k,
  );
  // Each fused hit's tier is looked up once, not at every comparison of the (stable) sort.
  const tiers = fusedHere.map((f) => tierOf.get(f.id) ?? Infinity);
  const queryLanguage = fusedHere
    .map((_, i) => i)
    .sort((a, b) => tiers[a]! - tiers[b]! || a - b)
    .map((i) => fusedHere[i]!);

  const otherWeight = r.crossLingual ? SEMANTIC : SEMANTIC * OTHER_SCRIPT;
  // The query language's matches keep their own places (semantic, keyword) beside their place in it.
  const merged = reciprocalRankFusion(
    [
      { name: "queryLanguage", hits: queryLanguage, weight: QUERY_LANGUAGE, inherit: true },
      { name: "bridge", hits: r.bridge, weight: BRIDGE },
      { name: "semantic", hits: other, weight: otherWeight },
    ],
    k,
  );
  // No result without the lead scores more than every ranking's first place together.
  const ceiling = (QUERY_LANGUAGE + BRIDGE + otherWeight) / (k + 1);
  for (const f of merged) if (lead.has(f.id)) f.score += ceiling;
  return merged.sort((a, b) => b.score - a.score);
}
