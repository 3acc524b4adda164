/**
 * What the operator's console reads of usage, readership, imports and the data's freshness (docs/usage.md): small
 * functions over the owner or reader connection, each answering one of its pages' tables.
 */
export { keyActivity, parseCredential, refusalsByReason, usageByCredential, usageByRoute } from "./usage-reads.js";
export type {
  CredentialActivity,
  CredentialDay,
  CredentialKind,
  RefusalCount,
  RouteUse,
  Window,
} from "./usage-reads.js";
export { readershipByItem, readershipCsv } from "./readership.js";
export type { ItemReadership, ReadershipQuery } from "./readership.js";
export { recentImports } from "./import-log.js";
export type { ImportOutcome, ImportRecord, ImportRow } from "./import-log.js";
export { dataFreshness } from "./data-freshness.js";
export type { DataFreshness } from "./data-freshness.js";
export { kindCounts } from "./kind-counts.js";
export type { KindCount } from "./kind-counts.js";
export type { ItemKind, UsageSurface } from "./tallies.js";
