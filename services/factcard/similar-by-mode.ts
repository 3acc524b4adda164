/**
 * Similar facts ranked as search ranks, when the caller names a `mode`: the card's claim texts (both languages)
 * against the fact cards' BM25 index (keyword), its English claim's vector against the cosine index (semantic),
 * or both fused by reciprocal rank (hybrid, the same constant as search). The card itself is excluded; with
 * same_category only cards of its category (resolved in the database, as the cosine route does) are ranked.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { isZero } from "../../lib/embedding/vector-codec.js";
import { reciprocalRankFusion } from "../../lib/keyword/fusion.js";
import { keywordQuery } from "../../lib/keyword/keyword-query.js";
import type { LiveIndex, ScoredId } from "../../lib/vector/live-index.js";
import type { ServiceDeps } from "../deps.js";
import { SEARCH_MODES } from "../search/limits.js";
import type { SimilarSubject } from "./similar-facts.js";
import { invalid } from "../request-checks.js";

/** How deep each ranking goes before fusion. */
const FUSION_DEPTH = 40;

export async function similarByMode(
  deps: ServiceDeps,
  card: SimilarSubject,
  mode: string,
  k: number,
  /** The ids of the card's category when only those may match (same_category), else null. */
  categoryIds: (() => Promise<string[]>) | null,
  vectorOf: () => Promise<{ vector: Float32Array | null; search: LiveIndex }>,
  /** Withdrawn cards: never ranked. */
  withdrawn: ReadonlySet<string> = new Set(),
): Promise<ScoredId[]> {
  if (!(SEARCH_MODES as readonly string[]).includes(mode))
    throw invalid(`mode must be one of ${SEARCH_MODES.join(", ")}`);
  const id = card.fact_card_id;
  const keywords = deps.vectors?.keywords;
  if (mode !== "semantic" && !keywords?.factCards.ready) {
    throw new ConnectError(
      "similar facts are unavailable: the fact cards' keyword index is not loaded",
      Code.Unavailable,
    );
  }
  const depth = Math.max(FUSION_DEPTH, k);
  const inCategory = categoryIds ? new Set((await categoryIds()).filter((other) => !withdrawn.has(other))) : null;
  const exclude = new Set([id, ...withdrawn]);

  let semantic: ScoredId[] = [];
  if (mode !== "keyword") {
    const { vector, search } = await vectorOf();
    if (vector && !isZero(vector)) {
      semantic = inCategory
        ? search.exact(
            vector,
            mode === "semantic" ? k : depth,
            [...inCategory].filter((other) => other !== id),
          )
        : search.search(vector, mode === "semantic" ? k : depth, exclude);
    }
    if (mode === "semantic") return semantic;
  }
  const text =
    card.claim_text === card.claim_text_en ? card.claim_text_en : `${card.claim_text}\n${card.claim_text_en}`;
  const index = keywords!.factCards.bm25;
  const q = keywordQuery(text, index, null);
  const keyword = index.search(q.typed, depth, inCategory ? (other) => inCategory.has(other) : undefined, exclude);
  if (mode === "keyword") return keyword;
  return reciprocalRankFusion(
    [
      { name: "semantic", hits: semantic, weight: 1 },
      { name: "keyword", hits: keyword, weight: 1 },
    ],
    deps.config.search.rrfK,
  ).map((f) => ({ id: f.id, score: f.score }));
}
