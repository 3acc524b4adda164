/** Migration 002's triggers: any change to a portfolio's snapshots bumps its series version, in that transaction. */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { insertPortfolio, insertSnapshots } from "../../test/fixtures/portfolio.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  for (const id of ["va", "vb"]) await insertPortfolio(db.owner, { id, kind: "benchmark", benchmarkId: null });
});
afterAll(() => db?.drop());

const versions = async () =>
  Object.fromEntries(
    (await db.reader.query("SELECT portfolio_id, version FROM portfolio.series_versions ORDER BY 1")).rows.map((r) => [
      r.portfolio_id,
      Number(r.version),
    ]),
  );

describe("series versions", () => {
  it("start at the first snapshot and move once per statement, per portfolio touched, not when no row is", async () => {
    expect(await versions()).toEqual({});
    await insertSnapshots(db.owner, "va", [
      [1_000, 10],
      [2_000, 11],
    ]);
    const afterInsert = await versions();
    expect(Object.keys(afterInsert)).toEqual(["va"]);
    await db.owner.query("UPDATE portfolio.nav_snapshots SET nav = nav + 1 WHERE portfolio_id = 'va'");
    expect((await versions()).va).toBe(afterInsert.va! + 1);
    await db.owner.query("DELETE FROM portfolio.nav_snapshots WHERE portfolio_id = 'va' AND taken_at = 1000");
    expect((await versions()).va).toBe(afterInsert.va! + 2);
    await db.owner.query("UPDATE portfolio.nav_snapshots SET nav = 1 WHERE portfolio_id = 'nobody'");
    expect((await versions()).va).toBe(afterInsert.va! + 2);
  });

  it("moves both portfolios when a snapshot changes hands, and every portfolio on truncate", async () => {
    await insertSnapshots(db.owner, "vb", [[5_000, 20]]);
    const before = await versions();
    await db.owner.query("UPDATE portfolio.nav_snapshots SET portfolio_id = 'vb' WHERE portfolio_id = 'va'");
    const moved = await versions();
    expect([moved.va, moved.vb]).toEqual([before.va! + 1, before.vb! + 1]);
    await db.owner.query("TRUNCATE portfolio.nav_snapshots");
    const truncated = await versions();
    expect([truncated.va, truncated.vb]).toEqual([moved.va! + 1, moved.vb! + 1]);
  });
});
