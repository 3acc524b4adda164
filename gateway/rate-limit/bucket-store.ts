/**
 * The token buckets in PostgreSQL (auth.rate_limits), shared by every gateway replica over one database. A bucket is
 * kept as its GCRA theoretical arrival time (tat): taking requests is one atomic UPSERT, one round trip, that
 * moves tat on by as many emission intervals only when the result stays within the bucket's capacity; a refused take
 * writes nothing (gateway/rate-limit/leases.ts takes several at once). Concurrent takes on one bucket serialise on its row lock (ON CONFLICT re-checks the latest row), so
 * replicas never share out more than the budget. The clock is the database's unless one is injected (tests).
 */
import type { Pool } from "../../lib/db/pool.js";

export interface Take {
  /** The instant the take was decided at (epoch ms). */
  now: number;
  /** The bucket's tat after an accepted take; null when refused. */
  taken: number | null;
  /**
   * The bucket's tat when a take was refused, as the statement's snapshot saw it: when takes of one bucket race, it
   * may be a little behind (Retry-After then comes early, never late); null if the row was not there yet.
   */
  current: number | null;
}

export interface BucketStore {
  /**
   * Takes `count` requests (default one) from `bucket` at once, or none when they do not all fit: emission interval
   * `intervalMs`, room for `capacity` requests at once.
   */
  take(bucket: string, intervalMs: number, capacity: number, count?: number): Promise<Take>;
  /** Deletes the buckets that are full again (their tat has passed); returns how many. */
  sweep(): Promise<number>;
}

/** Float slack so the capacity-th request of a bucket whose interval is not a whole number is never refused. */
const SLACK_MS = 1e-6;

const TAKE_SQL = `
WITH c AS (SELECT COALESCE($2::float8, extract(epoch FROM clock_timestamp()) * 1000) AS now),
up AS (
  INSERT INTO auth.rate_limits AS r (bucket, tat)
  SELECT $1, c.now + $3 FROM c
  ON CONFLICT (bucket) DO UPDATE SET tat = GREATEST(r.tat, EXCLUDED.tat - $3) + $3
  WHERE GREATEST(r.tat, EXCLUDED.tat - $3) + $3 - (EXCLUDED.tat - $3) <= $4
  RETURNING tat
)
SELECT c.now, up.tat AS taken,
  CASE WHEN up.tat IS NULL THEN (SELECT tat FROM auth.rate_limits WHERE bucket = $1) END AS current
FROM c LEFT JOIN up ON true`;

const SWEEP_SQL = `DELETE FROM auth.rate_limits WHERE tat < COALESCE($1::float8, extract(epoch FROM clock_timestamp()) * 1000)`;

export function createBucketStore(pool: Pool, options: { now?: () => number } = {}): BucketStore {
  const clock = () => (options.now ? options.now() : null);
  return {
    async take(bucket, intervalMs, capacity, count = 1) {
      const { rows } = await pool.query({
        name: "auth.rate_limit_take",
        text: TAKE_SQL,
        values: [bucket, clock(), count * intervalMs, capacity * intervalMs + SLACK_MS],
      });
      const row = rows[0];
      return {
        now: Number(row.now),
        taken: row.taken === null ? null : Number(row.taken),
        current: row.current === null ? null : Number(row.current),
      };
    },
    async sweep() {
      const { rowCount } = await pool.query({ name: "auth.rate_limit_sweep", text: SWEEP_SQL, values: [clock()] });
      return rowCount ?? 0;
    },
  };
}
