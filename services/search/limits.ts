/** Spec §8 limits of search, shared by the service and the gateway's schema. */
export const TOP_K = { min: 1, max: 12, fallback: 8 } as const;
/** Counted in characters (Unicode code points), not bytes or UTF-16 units. */
export const QUERY_CHARS = { min: 1, max: 500 } as const;
export const MAX_SCOPE_ID_CHARS = 200;
