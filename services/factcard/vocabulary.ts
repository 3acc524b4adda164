/** The fact-card vocabulary of spec §2.10 and the limits of §8, shared by the service and the gateway's schemas. */
export { CLAIM_CATEGORIES, type ClaimCategory } from "../../lib/reuse-policy.js";

export const PARENT_KINDS = ["whiteboard_card", "session_message", "external"] as const;
export const PRIORITIES = ["high", "normal", "low"] as const;
export const FACT_CARD_STATUSES = ["queued", "running", "completed", "failed", "reused", "skipped"] as const;
export const VERDICTS = ["verified", "disputed", "uncertain", "unverifiable"] as const;
export const EMBEDDING_STATUSES = ["pending", "done", "failed", "skipped"] as const;

export const LIST_LIMIT = { min: 1, max: 200, fallback: 50 } as const;
export const SIMILAR_TOP_K = { min: 1, max: 20, fallback: 5 } as const;
/** Longest id or cursor accepted; longer values cannot be ours. */
export const MAX_ID_CHARS = 200;
export const MAX_CURSOR_CHARS = 1024;

/** The longest claim text ListSimilarFacts takes instead of a card (a claim is a sentence or a short paragraph). */
export const MAX_CLAIM_TEXT = 2000;
