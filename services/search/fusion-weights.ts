/**
 * How much each ranking counts when search fuses them (reciprocal rank; lib/keyword/fusion.ts):
 *
 * - semantic and keyword (the query's own terms) count 1 each.
 * - A query of tickers, numbers and codes only (DBS, "uob", USD/SGD) is a lookup: its keyword ranking counts
 *   CODES_KEYWORD, so a note naming the ticker is not outranked by embeddings of a three-letter string.
 * - With an embedder that has no cross-language signal (the built-in one), a note in another script than the
 *   query gets OTHER_SCRIPT of a semantic vote: its cosine is noise, but it may still fill a small filtered set.
 * - bridge (the bilingual bridge's terms, which alone can find notes in the other language) counts
 *   HYBRID_BRIDGE in hybrid search, just under the two rankings together: the other language's best note comes
 *   in after the query language's first few. In keyword search it counts KEYWORD_BRIDGE, so the two languages
 *   alternate, the query's own language first.
 */
export const SEMANTIC = 1;
export const KEYWORD = 1;
export const CODES_KEYWORD = 2;
export const HYBRID_BRIDGE = 1.8;
export const KEYWORD_BRIDGE = 0.95;
export const OTHER_SCRIPT = 0.1;
