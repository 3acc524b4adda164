/**
 * Which database an index snapshot reflects. An index is brought up to date by reading the rows written by
 * transactions at or after the snapshot's xmin (live-index.ts), and transaction ids mean something only within one
 * PostgreSQL cluster: a database restored into another cluster, or recreated, would make a snapshot look current
 * while it misses rows. So a snapshot records the cluster's system identifier (new at every initdb), the database's
 * oid (new at every CREATE DATABASE) and name, and is loaded only into a process reading that same database. Where
 * the role may not read the system identifier, there is no identity and nothing is saved or loaded.
 */
import type pg from "pg";

export interface DatabaseIdentity {
  system: string;
  oid: string;
  name: string;
}

export async function databaseIdentity(db: Pick<pg.Pool, "query">): Promise<DatabaseIdentity | null> {
  try {
    const { rows } = await db.query<{ system: string | null; oid: string; name: string }>(
      `SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system, oid::text AS oid, datname AS name
         FROM pg_database WHERE datname = current_database()`,
    );
    const row = rows[0];
    return row && row.system ? { system: row.system, oid: row.oid, name: row.name } : null;
  } catch {
    return null;
  }
}

export const sameDatabase = (a: unknown, b: DatabaseIdentity): boolean => {
  const x = a as Partial<DatabaseIdentity> | null;
  return !!x && x.system === b.system && x.oid === b.oid && x.name === b.name;
};

/** The data versions of a schema's tables (their data-version sequences), for a snapshot's header and its log line. */
export async function dataVersions(
  db: Pick<pg.PoolClient, "query">,
  schema: "search" | "factcard",
): Promise<Record<string, number>> {
  const { rows } = await db.query<{ kind: string; version: string }>(
    `SELECT kind, version::text AS version FROM ${schema}.data_versions`,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.version)]));
}
