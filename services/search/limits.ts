/** Spec §8 limits of search, shared by the service and the gateway's schema, and the bounds of the added filters. */
export const TOP_K = { min: 1, max: 12, fallback: 8 } as const;
/** Counted in characters (Unicode code points), not bytes or UTF-16 units. */
export const QUERY_CHARS = { min: 1, max: 500 } as const;
export const MAX_SCOPE_ID_CHARS = 200;
export const SEARCH_MODES = ["hybrid", "keyword", "semantic"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
export const DOCUMENT_LANGS = ["en", "zh", "plain"] as const;
/** `kinds`: at most this many entries, each 1 to MAX_KIND_CHARS characters. */
export const MAX_KINDS = 20;
export const MAX_KIND_CHARS = 200;
/** archived_after / archived_before: epoch milliseconds up to this (year 2286), or a work date. */
export const MAX_EPOCH_MS = 9_999_999_999_999;
