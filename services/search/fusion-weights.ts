/**
 * How much each ranking counts when search fuses them (reciprocal rank; lib/keyword/fusion.ts, hybrid-order.ts):
 *
 * - semantic and keyword (the query's own terms) count 1 each.
 * - A query of tickers, numbers and codes only (DBS, "uob", USD/SGD) is a lookup: its keyword ranking counts
 *   CODES_KEYWORD, so a note naming the ticker is not outranked by embeddings of a three-letter string.
 * - bridge (the bilingual bridge's terms, which alone can find notes in the other language) counts BRIDGE, just
 *   under the query language's ranking: the two languages alternate, the query's own first, in keyword and in
 *   hybrid search alike (hybrid merges the other language into its query-language ranking the way keyword
 *   search merges it into the typed terms' ranking).
 * - With an embedder that has no cross-language signal (the built-in one), the embedding's ranking of notes in
 *   another script than the query counts OTHER_SCRIPT of a semantic vote: its cosine is noise, but it may still
 *   fill a small filtered set.
 */
export const SEMANTIC = 1;
export const KEYWORD = 1;
export const CODES_KEYWORD = 2;
export const BRIDGE = 0.95;
export const OTHER_SCRIPT = 0.1;
/** The weight of the fused query-language ranking when hybrid search merges the other language into it. */
export const QUERY_LANGUAGE = 1;

/**
 * When BM25 is sure (keyword-tiers.ts): the next hit scoring at least CLEAR_DROP less than the one before is a
 * clear drop; the hits above the first clear drop lead the answer when there are at most LEAD_MAX of them.
 */
export const CLEAR_DROP = 0.1;
export const LEAD_MAX = 10;
