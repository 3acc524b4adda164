/**
 * A query as the keyword index is asked it: the typed terms (tokenized as documents are; a lowercase word whose
 * exact form is an index term, "dbs", is looked for exactly rather than stemmed), each of weight 1, plus the
 * bilingual bridge's terms in the other language, weighted by their link score. The service ranks the two
 * sets separately (a document in the other language can only match added terms), then fuses the rankings.
 */
import type { BilingualBridge } from "./bilingual-bridge.js";
import type { Bm25Index, QueryTerm } from "./bm25-index.js";
import { tokenize } from "./tokenize.js";

export interface KeywordQuery {
  typed: QueryTerm[];
  added: QueryTerm[];
  /** Every typed term is a ticker, number or code (or a lowercase word found as one): the query is a lookup. */
  codesOnly: boolean;
  /** Every term asked for, typed or added: what a highlight may mark. */
  all: Set<string>;
}

export function keywordQuery(query: string, index: Bm25Index, bridge: BilingualBridge | null): KeywordQuery {
  const typed = new Set<string>();
  let codesOnly = true;
  for (const t of tokenize(query)) {
    const asCode = t.exact !== undefined && index.df(t.exact) > 0;
    typed.add(asCode ? t.exact! : t.term);
    if (!asCode && !t.code) codesOnly = false;
  }
  const added = bridge ? bridge.expand([...typed]) : [];
  return {
    typed: [...typed].map((term) => ({ term, weight: 1 })),
    added,
    codesOnly: codesOnly && typed.size > 0,
    all: new Set([...typed, ...added.map((t) => t.term)]),
  };
}
