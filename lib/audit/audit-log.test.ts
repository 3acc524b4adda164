/** The audit log on real PostgreSQL: rows come back newest first, filtered and paged; a secret is never written. */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { AuditSecretError, readAudit, recordAudit } from "./audit-log.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "audit");
});
afterAll(async () => db?.drop());

describe("audit log", () => {
  it("keeps every entry, newest first, filtered by action and paged by event id", async () => {
    await recordAudit(db.owner, {
      actor: "operator:ana",
      action: "key.mint",
      target: "k1",
      at: 1000,
      detail: { scopes: ["reports:read"] },
    });
    await recordAudit(db.owner, { actor: "console:ana", action: "governor.disable", address: "127.0.0.1", at: 2000 });
    await recordAudit(db.owner, { actor: "operator:ana", action: "key.revoke", target: "k1", at: 3000 });

    const all = await readAudit(db.owner, { limit: 10 });
    expect(all.map((r) => [r.action, r.target, r.address, r.at])).toEqual([
      ["key.revoke", "k1", null, 3000],
      ["governor.disable", null, "127.0.0.1", 2000],
      ["key.mint", "k1", null, 1000],
    ]);
    expect(all[2]!.detail).toEqual({ scopes: ["reports:read"] });

    const keys = await readAudit(db.owner, { actions: ["key.mint", "key.revoke"], limit: 1 });
    expect(keys.map((r) => r.action)).toEqual(["key.revoke"]);
    const older = await readAudit(db.owner, {
      actions: ["key.mint", "key.revoke"],
      before: keys[0]!.eventId,
      limit: 5,
    });
    expect(older.map((r) => r.action)).toEqual(["key.mint"]);
  });

  it("refuses an entry holding a key, a bearer token or a digest, and writes nothing", async () => {
    const before = (await readAudit(db.owner, { limit: 100 })).length;
    const secrets = [
      { actor: "x", action: "key.mint", target: "sk_ins_abcdefghijklmnop", at: 1 },
      { actor: "x", action: "console.sign-in", detail: { header: "Bearer abcdefghijkl" }, at: 1 },
      { actor: "x", action: "key.mint", detail: { digest: "a".repeat(64) }, at: 1 },
    ];
    for (const entry of secrets) await expect(recordAudit(db.owner, entry)).rejects.toBeInstanceOf(AuditSecretError);
    expect((await readAudit(db.owner, { limit: 100 })).length).toBe(before);
  });

  it("refuses an action name outside the vocabulary's shape (the table's check)", async () => {
    await expect(recordAudit(db.owner, { actor: "x", action: "Mint Key!", at: 1 })).rejects.toThrow(/check constraint/);
  });
});
