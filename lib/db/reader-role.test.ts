/** The read-only guarantee is the database's: the services' role holds SELECT and nothing else. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { MIGRATION_SOURCES } from "./migration-sources.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  await db.owner.query(`INSERT INTO catalog.categories (category_id, name) VALUES ('macro', '宏观')`);
});
afterAll(() => db?.drop());

describe("the reader role", () => {
  it("reads every service schema", async () => {
    const { rows } = await db.reader.query("SELECT category_id FROM catalog.categories");
    expect(rows).toEqual([{ category_id: "macro" }]);
    for (const { schema } of MIGRATION_SOURCES) {
      const tables = await db.owner.query("SELECT tablename FROM pg_tables WHERE schemaname = $1", [schema]);
      for (const { tablename } of tables.rows) await db.reader.query(`SELECT 1 FROM ${schema}.${tablename} LIMIT 1`);
    }
  });

  it.each([
    ["insert", `INSERT INTO catalog.categories (category_id, name) VALUES ('x', 'x')`],
    ["update", `UPDATE catalog.categories SET name = 'y'`],
    ["delete", `DELETE FROM catalog.categories`],
    ["truncate", `TRUNCATE catalog.categories`],
    ["create table", `CREATE TABLE catalog.intruder (id int)`],
    ["create in public", `CREATE TABLE public.intruder (id int)`],
    ["drop", `DROP TABLE catalog.categories`],
    ["alter", `ALTER TABLE catalog.categories ADD COLUMN x int`],
    [
      "api keys",
      `INSERT INTO auth.api_keys (key_id, name, key_sha256, scopes, created_at) VALUES ('k', 'k', repeat('a', 64), '{analysts:read}', 0)`,
    ],
  ])("cannot %s", async (_what, sql) => {
    await expect(db.reader.query(sql)).rejects.toThrow(/permission denied|must be owner/);
  });

  it("cannot lift itself out of read-only", async () => {
    await expect(
      db.reader.query("SET ROLE NONE; INSERT INTO catalog.categories (category_id, name) VALUES ('x', 'x')"),
    ).rejects.toThrow(/permission denied/);
    const { rows } = await db.owner.query("SELECT count(*)::int AS n FROM catalog.categories");
    expect(rows[0].n).toBe(1);
  });
});
