/**
 * The one key policy of the service's cursors: CURSOR_SECRET when set, else the key the deployment's database holds,
 * so two processes over one database (replicas, restarts) take each other's cursors without a setting, and a
 * process configured otherwise refuses them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { configuredCursorSigner, databaseCursorSigner, deploymentCursorSigner, readCursorKey } from "./cursor-key.js";

let db: TestDatabase;
let other: TestDatabase;

beforeAll(async () => {
  [db, other] = await Promise.all([
    createTestDatabase(inject("adminUrl"), "cursorkey"),
    createTestDatabase(inject("adminUrl"), "cursorkey"),
  ]);
});
afterAll(() => Promise.all([db?.drop(), other?.drop()]));

describe("deploymentCursorSigner", () => {
  it("without CURSOR_SECRET, signs with the database's key: replicas over one database agree", async () => {
    const replicaA = await deploymentCursorSigner(db.reader, undefined)();
    const replicaB = await deploymentCursorSigner(db.owner, undefined)();
    const cursor = replicaA.sign("position 1");
    expect(replicaB.verify(cursor)).toBe("position 1");
    expect((await readCursorKey(db.reader)) === (await readCursorKey(other.reader))).toBe(false);
    expect((await databaseCursorSigner(other.reader)()).verify(cursor)).toBeNull();
  });

  it("with CURSOR_SECRET, signs with the secret whatever the database: deployments sharing it agree", async () => {
    const here = await deploymentCursorSigner(db.reader, "one secret of enough length")();
    const there = await deploymentCursorSigner(other.reader, "one secret of enough length")();
    const cursor = here.sign("position 2");
    expect(there.verify(cursor)).toBe("position 2");
    expect((await databaseCursorSigner(db.reader)()).verify(cursor)).toBeNull();
    expect((await configuredCursorSigner("another secret, not the same")()).verify(cursor)).toBeNull();
  });

  it("reads the key once, and again after a failed read", async () => {
    const queries: string[] = [];
    let failNext = true;
    const pool = {
      query: async (text: string) => {
        queries.push(text);
        if (failNext) {
          failNext = false;
          throw new Error("connection refused");
        }
        return db.reader.query(text);
      },
    } as unknown as typeof db.reader;
    const source = databaseCursorSigner(pool);
    await expect(source()).rejects.toThrow("connection refused");
    const signer = await source();
    expect(await source()).toBe(signer);
    expect(queries).toEqual(["SELECT key FROM changes.cursor_key", "SELECT key FROM changes.cursor_key"]);
  });
});
