/** fleet-health.ndjson: a fleet-health snapshot: when it was generated and the object key of its markdown. */
import { epoch, id } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const fleetHealth = tableKind({
  name: "fleet-health",
  describe: "a fleet-health snapshot: when it was generated and the object key of its markdown body",
  table: "reports.fleet_health",
  key: ["snapshot_id"],
  columns: [
    ["snapshot_id", id],
    ["generated_at", epoch],
    ["object_key", id],
  ],
});
