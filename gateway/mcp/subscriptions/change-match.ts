/**
 * Which announced data changes concern what a subscriber asked for. The data_versions channel names the table a
 * committed statement wrote ('<schema>.<table>'); a resource template says which tables its documents read
 * (`changesWith`), and the resource list reads the reports, the fleet-health snapshots and the memory. A match means
 * "may read differently now": the document is not compared, so an update can be announced for a write that left it
 * as it was, never missed for one that changed it.
 */
export const RESOURCE_LIST_CHANGES_WITH = ["reports.reports", "reports.fleet_health", "catalog.institute_memory"];

/** Whether `payload` ('<schema>.<table>') is one of `tables` ('<schema>.<table>', or '<schema>.' for all of it). */
export const changeConcerns = (payload: string, tables: readonly string[]) =>
  tables.some((t) => (t.endsWith(".") ? payload.startsWith(t) : payload === t));
