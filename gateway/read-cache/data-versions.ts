/**
 * The data versions a cached answer may depend on, read on the listening session: one sequence per table of each
 * schema a cached answer reads (the migrations' `data_version__<table>`, advanced by every writing statement). When
 * listening starts again after a gap, the kinds whose versions moved since the last start changed while nobody
 * listened; every other kind's answers are still current. A version the session may not read (a reader role
 * without SELECT on the sequences) makes the catch-up impossible: null, and the cache starts empty as before.
 */
import type pg from "pg";
import type { DataKind } from "./service-kinds.js";
import { kindOfChange } from "./service-kinds.js";

/** '<schema>.<table>' → how many writing statements it has seen. */
export type DataVersions = Map<string, string>;

const QUERY = `SELECT schemaname || '.' || substr(sequencename, length('data_version__') + 1) AS name,
    coalesce(last_value, 0)::text AS version,
    has_sequence_privilege(format('%I.%I', schemaname, sequencename), 'SELECT') AS readable
  FROM pg_sequences WHERE starts_with(sequencename, 'data_version__')`;

export async function readDataVersions(session: pg.ClientBase): Promise<DataVersions | null> {
  const { rows } = await session.query<{ name: string; version: string; readable: boolean }>(QUERY);
  if (rows.some((r) => !r.readable)) return null;
  return new Map(rows.filter((r) => kindOfChange(r.name) !== null).map((r) => [r.name, r.version]));
}

/** The kinds with a table whose version differs between `before` and `after` (a table new or gone counts). */
export function changedKinds(before: DataVersions, after: DataVersions): Set<DataKind> {
  const changed = new Set<DataKind>();
  for (const name of new Set([...before.keys(), ...after.keys()]))
    if (before.get(name) !== after.get(name)) changed.add(kindOfChange(name)!);
  return changed;
}
