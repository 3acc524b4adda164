/**
 * The read services connect as a role that holds SELECT only, so the read-only guarantee is the database's,
 * not only the code's. The migrator creates it (named after the database) and grants it each schema.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { MIGRATION_SOURCES } from "./migration-sources.js";

export function readerRoleName(database: string): string {
  return `${database}_reader`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Ensures the reader role exists with a password and SELECT on every schema; returns its URL. By default the role is
 * `<database>_reader` with a fresh password; `role` and `password` name an operator's own (DATABASE_READER_URL's).
 */
export async function provisionReader(
  owner: pg.Pool,
  ownerUrl: string,
  options: { role?: string; password?: string } = {},
): Promise<string> {
  const url = new URL(ownerUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  const role = options.role ?? readerRoleName(database);
  const password = options.password ?? randomBytes(18).toString("base64url");
  const client = await owner.connect();
  try {
    // Roles are cluster-wide: serialise with other databases' migrators on the same server.
    await client.query("SELECT pg_advisory_lock(7300452)");
    const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]);
    const verb = rowCount ? "ALTER" : "CREATE";
    await client.query(
      `${verb} ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password.replace(/'/g, "''")}'`,
    );
    await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${quoteIdent(role)}`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    for (const { schema } of MIGRATION_SOURCES) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${quoteIdent(role)}`);
      await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${quoteIdent(role)}`);
      await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT ON TABLES TO ${quoteIdent(role)}`);
      // SELECT on a sequence reads its value (never advances it): the read cache reads the data versions with it.
      await client.query(`GRANT SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${quoteIdent(role)}`);
      await client.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT ON SEQUENCES TO ${quoteIdent(role)}`,
      );
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(7300452)").catch(() => {});
    client.release();
  }
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Removes the reader role of a database that is being dropped (tests). */
export async function dropReader(admin: pg.Pool | pg.Client, database: string): Promise<void> {
  await admin.query(`DROP ROLE IF EXISTS ${quoteIdent(readerRoleName(database))}`);
}
