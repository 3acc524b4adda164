/**
 * The candidates hybrid search fuses, each ranking ordering all of them: the union of the semantic ranking's and
 * the keyword ranking's hits, each scored by the other signal too (its cosine with the query, its BM25 for the
 * typed terms). Fusing two lists of different documents treats a document just past one list's depth as if that
 * ranking had rejected it, which in a large archive is most of the other list; ranking one pool both ways does
 * not. A candidate holding none of the typed terms has no keyword place. The semantic ranking's hits must carry
 * their exact cosines (the vector index rescores its candidates from its copy), so only the keyword ranking's other
 * hits are scored again. The pool also tells each candidate's group in the keyword index (its language), found on
 * the way: asked by id afterwards, a cold hash probe each (80 a search), it was 3 % of a search at 100,000 notes.
 */
import type { Ranked } from "../../lib/keyword/fusion.js";
import type { Bm25Index, QueryTerm, ScoredRow } from "../../lib/keyword/bm25-index.js";
import type { LiveIndex } from "../../lib/vector/live-index.js";

export interface CandidateRankings {
  semantic: Ranked[];
  keyword: Ranked[];
  /** The keyword index's group of every candidate it holds. */
  groupOf: ReadonlyMap<string, number>;
}

const byScore = (a: Ranked, b: Ranked) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function candidatePool(
  semantic: readonly Ranked[],
  keyword: readonly ScoredRow[],
  typed: readonly QueryTerm[],
  bm25: Bm25Index,
  vectors: { index: Pick<LiveIndex, "exact">; query: Float32Array } | null,
): CandidateRankings {
  const inSemantic = new Set(semantic.map((h) => h.id));
  const inKeyword = new Set(keyword.map((h) => h.id));
  const unscored = keyword.filter((h) => !inSemantic.has(h.id)).map((h) => h.id);
  const cosines = vectors
    ? [...semantic, ...vectors.index.exact(vectors.query, unscored.length, unscored)]
    : [...semantic];
  const groupOf = new Map(keyword.map((h) => [h.id, h.group]));
  const more = bm25.scoresOf(
    typed,
    semantic.filter((h) => !inKeyword.has(h.id)).map((h) => h.id),
    groupOf,
  );
  return { semantic: cosines.sort(byScore), keyword: [...keyword, ...more].sort(byScore), groupOf };
}
