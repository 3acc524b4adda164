/**
 * One client, one transaction: BEGIN (or the statement given), the work, COMMIT; on any failure ROLLBACK and the
 * failure rethrown; the client always released. The read snapshot variant also hands the work the snapshot's
 * xmin, which the live indexes use to know which committed rows they have seen.
 */
import type pg from "pg";

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = "BEGIN",
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** A read-only, repeatable-read snapshot and its xmin (the oldest transaction still running when it was taken). */
export function inReadSnapshot<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, xmin: string) => Promise<T>,
): Promise<T> {
  return inTransaction(
    pool,
    async (client) => {
      const { rows } = await client.query<{ xmin: string }>(
        "SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin",
      );
      return work(client, rows[0]!.xmin);
    },
    "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
  );
}
