/** One-shot coverage research rows (reports.coverage_artifacts), most recently ended first. */
import { create } from "@bufbuild/protobuf";
import { CoverageArtifactSchema, type CoverageArtifact } from "../../../gen/institute/reports/v1/coverage_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64, orUndefined } from "../../catalog/rows.js";

interface CoverageRow {
  coverage_id: string;
  topic: string;
  requested_by: string;
  status: string;
  artifact: string | null;
  analyst_id: string | null;
  work_date: string;
  created_at: number;
  ended_at: number;
}

// $1 null: every row; true: rows that came back with an artifact; false: rows that ended without one.
const LIST = `
  SELECT coverage_id, topic, requested_by, status, artifact, analyst_id, work_date, created_at, ended_at
    FROM reports.coverage_artifacts
   WHERE $1::boolean IS NULL OR (artifact IS NOT NULL) = $1::boolean
   ORDER BY ended_at DESC, coverage_id DESC
   LIMIT $2`;

const toArtifact = (r: CoverageRow): CoverageArtifact =>
  create(CoverageArtifactSchema, {
    coverageId: r.coverage_id,
    topic: r.topic,
    requestedBy: r.requested_by,
    status: r.status,
    // Delivered means an artifact came back; it does not mean the gap closed (spec §4.3).
    delivered: r.artifact !== null,
    artifact: orUndefined(r.artifact),
    analystId: orUndefined(r.analyst_id),
    workDate: r.work_date,
    createdAt: int64(r.created_at),
    endedAt: int64(r.ended_at),
  });

export interface CoverageStore {
  list(filter: { delivered: boolean | undefined; limit: number }): Promise<CoverageArtifact[]>;
}

export function createCoverageStore(db: Pool): CoverageStore {
  return {
    async list({ delivered, limit }) {
      const { rows } = await db.query<CoverageRow>({ name: "coverage.list", text: LIST, values: [delivered ?? null, limit] });
      return rows.map(toArtifact);
    },
  };
}
