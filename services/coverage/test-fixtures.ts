/** Hand-made coverage research rows: delivered and not, with a tie on ended_at broken by the id, and bulk rows below. */
import type { Pool } from "../../lib/db/pool.js";

/** 2026-03-09T00:00:00Z, epoch milliseconds. */
export const T0 = Date.UTC(2026, 2, 9);
export const BULK_COVERAGE = 25; // delivered, ended before every named row
export const COFFEE = "# Vietnam coffee\n\nRobusta supply tightens into the harvest.\n";

export async function fillCoverage(owner: Pool): Promise<void> {
  await owner.query(
    `INSERT INTO reports.coverage_artifacts (coverage_id, topic, requested_by, status, artifact, analyst_id, work_date, created_at, ended_at) VALUES
      ('cov-1', 'Vietnam coffee', 'party-a', 'completed', $2, 'a-zeta', '2026-03-08', $1::bigint, $1::bigint + 1000),
      ('cov-2', 'Lithium', 'party-b', 'failed', NULL, NULL, '2026-03-08', $1::bigint + 10, $1::bigint + 2000),
      ('cov-3', 'Nickel', 'party-a', 'expired', NULL, 'a-beta', '2026-03-08', $1::bigint + 20, $1::bigint + 2000)`,
    [T0, COFFEE],
  );
  await owner.query(
    `INSERT INTO reports.coverage_artifacts (coverage_id, topic, requested_by, status, artifact, analyst_id, work_date, created_at, ended_at)
     SELECT 'cov-bulk-' || lpad(i::text, 2, '0'), 'Bulk ' || i, 'party-c', 'completed', 'Bulk artifact ' || i, NULL, '2026-01-05', $1::bigint - i * 2, $1::bigint - i
       FROM generate_series(1, ${BULK_COVERAGE}) i`,
    [T0],
  );
}
