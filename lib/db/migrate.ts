/**
 * Applies each source's `NNN_name.sql` files in order, once, recording each with its checksum.
 * Concurrent migrators (replicas starting together) serialise on an advisory lock.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { MIGRATION_SOURCES, type MigrationSource } from "./migration-sources.js";

const LOCK_KEY = 7_300_451; // arbitrary, constant: the migrator's advisory lock

interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

async function readMigrations(source: MigrationSource): Promise<MigrationFile[]> {
  const files = (await readdir(source.dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(source.dir, file), "utf8");
      return {
        version: Number(file.split("_")[0]),
        name: file,
        sql,
        checksum: createHash("sha256").update(sql).digest("hex"),
      };
    }),
  );
}

export interface MigrationResult {
  applied: string[];
}

export async function migrate(
  owner: pg.Pool,
  sources: MigrationSource[] = MIGRATION_SOURCES,
): Promise<MigrationResult> {
  const client = await owner.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      source text NOT NULL, version integer NOT NULL, name text NOT NULL, checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (source, version))`);
    for (const source of sources) {
      const done = new Map<number, string>();
      const { rows } = await client.query("SELECT version, checksum FROM public.schema_migrations WHERE source = $1", [
        source.schema,
      ]);
      for (const r of rows) done.set(r.version, r.checksum);
      for (const m of await readMigrations(source)) {
        const recorded = done.get(m.version);
        if (recorded !== undefined) {
          if (recorded !== m.checksum)
            throw new Error(`migration ${source.schema}/${m.name} was edited after it was applied`);
          continue;
        }
        await client.query("BEGIN");
        try {
          await client.query(`CREATE SCHEMA IF NOT EXISTS ${source.schema}`);
          await client.query(m.sql);
          await client.query(
            "INSERT INTO public.schema_migrations (source, version, name, checksum) VALUES ($1, $2, $3, $4)",
            [source.schema, m.version, m.name, m.checksum],
          );
          await client.query("COMMIT");
        } catch (e) {
          await client.query("ROLLBACK");
          throw new Error(`migration ${source.schema}/${m.name} failed: ${(e as Error).message}`);
        }
        applied.push(`${source.schema}/${m.name}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return { applied };
}
