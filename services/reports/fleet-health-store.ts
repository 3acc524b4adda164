/** Fleet-health snapshots (spec §4.1 rule 5): generated daily at 00:00 Asia/Singapore and on demand; the newest wins. */
import type { Pool } from "../../lib/db/pool.js";

export interface SnapshotRow {
  snapshotId: string;
  /** Epoch milliseconds. */
  generatedAt: number;
  objectKey: string;
}

const LATEST = `
  SELECT snapshot_id, generated_at, object_key
    FROM reports.fleet_health
   ORDER BY generated_at DESC, snapshot_id DESC
   LIMIT 1`;

export function createFleetHealthStore(db: Pool) {
  return {
    async latest(): Promise<SnapshotRow | undefined> {
      const { rows } = await db.query({ name: "reports.fleet-health-latest", text: LATEST });
      const r = rows[0];
      return r ? { snapshotId: r.snapshot_id, generatedAt: r.generated_at, objectKey: r.object_key } : undefined;
    },
  };
}

export type FleetHealthStore = ReturnType<typeof createFleetHealthStore>;
