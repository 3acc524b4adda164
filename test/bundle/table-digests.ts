/** A digest of every row of every table holding the institute's output (vectors and series versions included). */
import type { Pool } from "../../lib/db/pool.js";

const SCHEMAS = ["objects", "catalog", "reports", "portfolio", "search", "factcard"];

export async function tableDigests(db: Pool): Promise<Record<string, { rows: number; md5: string | null }>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY 1`,
    [SCHEMAS],
  );
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const { name } of tables) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS rows, md5(string_agg(x::text, '|' ORDER BY x::text)) AS md5 FROM ${name} x`,
    );
    out[name] = rows[0];
  }
  return out;
}
