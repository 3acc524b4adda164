/**
 * Which kinds of data a service call's answer comes from, derived from the service → process-group mapping
 * (services/groups.ts): each group reads its own PostgreSQL schema, and the catalog and reports groups also read
 * bodies from the object store. A kind is a schema; its tables announce changes as '<schema>.<table>'.
 *
 * Some answers depend on more than the data and the request, and are never cached:
 * - the clock: the latest index (generated_at, today's work date) and the similarity log's trailing seven days;
 * - fleet health, which the spec says must not be cached (Cache-Control: no-store);
 * - the search and similar-facts indexes, which each service process refreshes from the database on its own timer
 *   (INDEX_REFRESH_MS): a change can be announced before the index holds it, and an answer cached in between would
 *   outlive the change.
 * A client the mapping does not name (the governor's live queue pulse) is never cached either.
 */
import { GROUP_OF, type ServiceGroup, type ServiceKey } from "../../services/groups.js";

export type DataKind = "catalog" | "reports" | "portfolio" | "search" | "factcard" | "objects";

const KINDS_OF_GROUP: Record<ServiceGroup, readonly DataKind[]> = {
  catalog: ["catalog", "objects"],
  reports: ["reports", "objects"],
  portfolio: ["portfolio"],
  search: ["search", "factcard", "objects"],
  factcard: ["factcard"],
};

const UNCACHEABLE: Partial<Record<ServiceKey, "every method" | readonly string[]>> = {
  reports: ["getLatest", "getFleetHealth"],
  catalog: ["listSimilarityLog"],
  search: "every method",
  factcard: ["listSimilarFacts"],
};

/** The kinds of data `method` of the client `client` reads; null when its answer must never be cached. */
export function kindsOfCall(client: string, method: string): readonly DataKind[] | null {
  const group = GROUP_OF[client as ServiceKey];
  if (group === undefined) return null;
  const never = UNCACHEABLE[client as ServiceKey];
  if (never === "every method" || never?.includes(method)) return null;
  return KINDS_OF_GROUP[group];
}

/** The kind a change announced as '<schema>.<table>' belongs to; null when no cached answer reads it. */
export function kindOfChange(payload: string): DataKind | null {
  const schema = payload.slice(0, payload.indexOf("."));
  return (
    Object.values(KINDS_OF_GROUP).some((kinds) => kinds.includes(schema as DataKind)) ? schema : null
  ) as DataKind | null;
}
