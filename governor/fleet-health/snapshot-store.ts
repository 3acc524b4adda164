/**
 * Where a fleet-health snapshot goes: its markdown into the object store (objects.blobs, beside the report bodies)
 * and its row into reports.fleet_health, which the reports service reads newest first
 * (services/reports/fleet-health-store.ts). Both in the caller's transaction. Ids never meet those of the demo
 * dataset or of a bundle (fh_YYYYMMDD): they name the moment to the millisecond and a random tail.
 */
import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../lib/object-store/object-store.js";
import type { Queryable } from "../db.js";

export interface StoredSnapshot {
  snapshotId: string;
  generatedAt: number;
  objectKey: string;
  bytes: number;
}

/** fh_20261120T160000123Z_9f3a1c2e */
export const newSnapshotId = (at: number) =>
  `fh_${new Date(at).toISOString().replace(/[-:.]/g, "")}_${randomBytes(4).toString("hex")}`;

export async function storeSnapshot(
  q: Queryable,
  s: { snapshotId: string; generatedAt: number; markdown: string },
): Promise<StoredSnapshot> {
  const objectKey = `reports/fleet-health/${s.snapshotId}.md`;
  const bytes = Buffer.byteLength(s.markdown);
  await q.query(
    `INSERT INTO objects.blobs (key, body, sha256, bytes, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (key) DO UPDATE SET body = EXCLUDED.body, sha256 = EXCLUDED.sha256, bytes = EXCLUDED.bytes,
                                     created_at = EXCLUDED.created_at`,
    [objectKey, s.markdown, sha256Hex(s.markdown), bytes, s.generatedAt],
  );
  await q.query("INSERT INTO reports.fleet_health (snapshot_id, generated_at, object_key) VALUES ($1, $2, $3)", [
    s.snapshotId,
    s.generatedAt,
    objectKey,
  ]);
  return { snapshotId: s.snapshotId, generatedAt: s.generatedAt, objectKey, bytes };
}

/** The newest snapshots first, written here or imported, as GET /api/v1/reports/fleet-health/latest orders them. */
export async function listSnapshots(q: Queryable, limit: number): Promise<StoredSnapshot[]> {
  const { rows } = await q.query(
    `SELECT f.snapshot_id, f.generated_at, f.object_key, coalesce(b.bytes, 0) AS bytes
     FROM reports.fleet_health f LEFT JOIN objects.blobs b ON b.key = f.object_key
     ORDER BY f.generated_at DESC, f.snapshot_id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    snapshotId: r.snapshot_id,
    generatedAt: r.generated_at,
    objectKey: r.object_key,
    bytes: r.bytes,
  }));
}
