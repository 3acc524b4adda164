/**
 * The read role cannot write (spec §1.2, DESIGN §4: the read-only guarantee is the database's): for every table of
 * every schema the product owns (auth and governor included, and the migrations ledger), the SELECT-only role the
 * services and the gateway read with is refused INSERT, UPDATE, DELETE, TRUNCATE, SELECT ... FOR UPDATE and every
 * lock stronger than reading; it cannot advance a sequence, create objects, or grant itself more. (The migrations
 * ledger in public it cannot even read.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { MIGRATION_SOURCES } from "../../lib/db/migration-sources.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

let db: TestDatabase;
let tables: Array<{ schema: string; table: string; column: string }>;
let sequences: string[];
const schemas = [...MIGRATION_SOURCES.map((s) => s.schema), "public"];

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "readerw");
  const { rows } = await db.owner.query(
    `SELECT c.table_schema AS schema, c.table_name AS table, min(c.column_name) AS column
     FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = ANY($1) AND t.table_type = 'BASE TABLE' GROUP BY 1, 2 ORDER BY 1, 2`,
    [schemas],
  );
  tables = rows;
  sequences = (
    await db.owner.query("SELECT schemaname || '.' || sequencename AS s FROM pg_sequences WHERE schemaname = ANY($1)", [
      schemas,
    ])
  ).rows.map((r) => r.s);
});
afterAll(() => db?.drop());

const refused = /permission denied|must be owner/;
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

describe("the read role", () => {
  it("sees every table of every product schema, auth and governor included", () => {
    const found = new Set(tables.map((t) => t.schema));
    for (const schema of [
      "auth",
      "governor",
      "catalog",
      "reports",
      "portfolio",
      "search",
      "factcard",
      "objects",
      "public",
    ])
      expect(found).toContain(schema);
    expect(tables.length).toBeGreaterThan(25);
  });

  it("is refused every kind of write on every one of them", async () => {
    const allowed: string[] = [];
    for (const { schema, table, column } of tables) {
      const name = `${q(schema)}.${q(table)}`;
      const attempts = [
        `INSERT INTO ${name} DEFAULT VALUES`,
        `UPDATE ${name} SET ${q(column)} = ${q(column)}`,
        `DELETE FROM ${name}`,
        `TRUNCATE ${name}`,
        `SELECT 1 FROM ${name} FOR UPDATE`,
        `BEGIN; LOCK TABLE ${name} IN ROW EXCLUSIVE MODE; COMMIT`,
        `ALTER TABLE ${name} ADD COLUMN intruder int`,
        `DROP TABLE ${name}`,
        `COPY ${name} FROM STDIN`,
      ];
      for (const sql of attempts) {
        const error = await db.reader.query(sql).then(
          () => null,
          (e: Error) => e,
        );
        await db.reader.query("ROLLBACK").catch(() => {});
        if (!error || !refused.test(error.message)) allowed.push(`${sql}: ${error ? error.message : "succeeded"}`);
      }
      // It reads every table of the services' schemas (its grant is SELECT there; the migrations ledger it need not see).
      if (schema !== "public") await db.reader.query(`SELECT 1 FROM ${name} LIMIT 1`);
    }
    expect(allowed).toEqual([]);
  }, 60_000);

  it("cannot advance a sequence, create objects anywhere, or grant itself more", async () => {
    const attempts = [
      ...sequences.map((s) => `SELECT nextval('${s}')`),
      ...sequences.map((s) => `SELECT setval('${s}', 1)`),
      ...schemas.map((s) => `CREATE TABLE ${q(s)}.intruder (id int)`),
      ...schemas.map((s) => `CREATE VIEW ${q(s)}.intruder AS SELECT 1`),
      ...schemas.map((s) => `CREATE FUNCTION ${q(s)}.intruder() RETURNS int LANGUAGE sql AS 'SELECT 1'`),
      "CREATE SCHEMA intruder",
      "SET ROLE NONE; INSERT INTO catalog.categories (category_id, name) VALUES ('x', 'x')",
    ];
    // A GRANT without the grant option only warns ("no privileges were granted"): what counts is that writing still fails.
    await db.reader
      .query("GRANT INSERT ON ALL TABLES IN SCHEMA catalog, auth, governor TO CURRENT_USER")
      .catch(() => {});
    attempts.push(
      "INSERT INTO catalog.categories (category_id, name) VALUES ('y', 'y')",
      "DELETE FROM governor.tasks",
      "DELETE FROM auth.api_keys",
    );
    const allowed: string[] = [];
    for (const sql of attempts) {
      const error = await db.reader.query(sql).then(
        () => null,
        (e: Error) => e,
      );
      if (
        !error ||
        !/permission denied|must be owner|not found|no privileges|does not exist|cannot/.test(error.message)
      )
        allowed.push(`${sql}: ${error?.message ?? "succeeded"}`);
    }
    expect(sequences.length).toBeGreaterThan(0);
    expect(allowed).toEqual([]);
  });
});
