import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { migrate } from "./migrate.js";
import { MIGRATION_SOURCES } from "./migration-sources.js";

let db: TestDatabase;
const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("migrations", () => {
  it("are recorded once per file, in order, and a second run applies nothing", async () => {
    const { rows } = await db.owner.query(
      "SELECT source, version, name FROM public.schema_migrations ORDER BY applied_at, source, version",
    );
    expect(rows.map((r) => r.source)).toEqual(expect.arrayContaining(MIGRATION_SOURCES.map((s) => s.schema)));
    expect(rows.length).toBeGreaterThanOrEqual(MIGRATION_SOURCES.length);
    expect(await migrate(db.owner)).toEqual({ applied: [] });
  });

  it("apply new files in version order and refuse an edited one", async () => {
    const source = { schema: "scratch", dir };
    writeFileSync(path.join(dir, "002_second.sql"), "ALTER TABLE scratch.t ADD COLUMN b int;");
    writeFileSync(path.join(dir, "001_first.sql"), "CREATE TABLE scratch.t (a int);");
    writeFileSync(path.join(dir, "README.md"), "not a migration");
    expect(await migrate(db.owner, [source])).toEqual({ applied: ["scratch/001_first.sql", "scratch/002_second.sql"] });
    writeFileSync(path.join(dir, "001_first.sql"), "CREATE TABLE scratch.t (a bigint);");
    await expect(migrate(db.owner, [source])).rejects.toThrow(
      "migration scratch/001_first.sql was edited after it was applied",
    );
  });

  it("roll back a failing file whole and record nothing of it", async () => {
    const bad = mkdtempSync(path.join(tmpdir(), "migrations-bad-"));
    writeFileSync(path.join(bad, "001_half.sql"), "CREATE TABLE broken.a (x int); SELECT no_such_function();");
    await expect(migrate(db.owner, [{ schema: "broken", dir: bad }])).rejects.toThrow(
      /migration broken\/001_half.sql failed/,
    );
    const { rows } = await db.owner.query(
      "SELECT to_regclass('broken.a') AS t, (SELECT count(*)::int FROM public.schema_migrations WHERE source = 'broken') AS n",
    );
    expect(rows[0]).toEqual({ t: null, n: 0 });
    rmSync(bad, { recursive: true, force: true });
  });
});
