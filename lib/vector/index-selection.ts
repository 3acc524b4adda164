/**
 * Which in-memory indexes a process keeps: each service group loads only what its services search (services/groups.ts),
 * and a process serving several groups (the all-in-one) loads the union, once.
 */
export type IndexName = "documents" | "factCards";

export const INDEX_NAMES: readonly IndexName[] = ["documents", "factCards"];

export interface IndexSelection {
  /** The embedding (HNSW) indexes. */
  vectors: readonly IndexName[];
  /** The BM25 indexes. */
  keywords: readonly IndexName[];
  /** The bilingual bridge, which learns from the pairs of both tables whichever BM25 indexes are kept. */
  bridge: boolean;
}

export const ALL_INDEXES: IndexSelection = { vectors: INDEX_NAMES, keywords: INDEX_NAMES, bridge: true };

/** What a process serving every selection must keep; null when none needs any index. */
export function unionOf(selections: readonly (IndexSelection | null)[]): IndexSelection | null {
  const present = selections.filter((s): s is IndexSelection => s !== null);
  if (!present.length) return null;
  const names = (pick: (s: IndexSelection) => readonly IndexName[]) =>
    INDEX_NAMES.filter((name) => present.some((s) => pick(s).includes(name)));
  return {
    vectors: names((s) => s.vectors),
    keywords: names((s) => s.keywords),
    bridge: present.some((s) => s.bridge),
  };
}
