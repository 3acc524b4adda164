/**
 * A query as the keyword index is asked it: the typed terms (tokenized as documents are; a lowercase word whose
 * exact form is an index term, "dbs", is looked for exactly rather than stemmed), each of weight 1, plus the
 * bilingual bridge's terms in the other language at BRIDGE_WEIGHT times their link score, so a typed term
 * outranks an added one.
 */
import type { BilingualBridge } from "./bilingual-bridge.js";
import type { Bm25Index, QueryTerm } from "./bm25-index.js";
import { tokenize } from "./tokenize.js";

export const BRIDGE_WEIGHT = 0.6;

export interface KeywordQuery {
  typed: QueryTerm[];
  added: QueryTerm[];
  /** Every term asked for, typed or added: what a highlight may mark. */
  all: Set<string>;
}

export function keywordQuery(query: string, index: Bm25Index, bridge: BilingualBridge | null): KeywordQuery {
  const typed = new Set<string>();
  for (const t of tokenize(query)) typed.add(t.exact !== undefined && index.df(t.exact) > 0 ? t.exact : t.term);
  const added = bridge ? bridge.expand([...typed]).map((t) => ({ term: t.term, weight: t.weight * BRIDGE_WEIGHT })) : [];
  return {
    typed: [...typed].map((term) => ({ term, weight: 1 })),
    added,
    all: new Set([...typed, ...added.map((t) => t.term)]),
  };
}
