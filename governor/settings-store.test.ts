/**
 * The kill switch is one operation whoever calls it: the settings row and its audit row commit together, with the
 * caller's actor and address; an entry the audit log refuses (it looks like a secret) flips nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AuditSecretError } from "../lib/audit/audit-log.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { readKillSwitch, setEnabled } from "./settings-store.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "killswitch");
});
afterAll(() => db?.drop());

const audit = async () =>
  (await db.owner.query("SELECT at, actor, action, target, address, detail FROM audit.events ORDER BY event_id")).rows;

describe("the kill switch", () => {
  it("flips the settings row and writes one audit row with the caller's actor and address", async () => {
    await setEnabled(db.owner, false, { actor: "console:alice", address: "127.0.0.1", at: 1_000 });
    expect(await readKillSwitch(db.owner, true)).toEqual({
      byConfig: true,
      bySetting: false,
      setting: { updatedAt: 1_000, updatedBy: "console:alice" },
      enabled: false,
    });
    await setEnabled(db.owner, false, { actor: "console:bob", at: 2_000 });
    expect(await audit()).toEqual([
      {
        at: 1_000,
        actor: "console:alice",
        action: "governor.disable",
        target: "kill switch",
        address: "127.0.0.1",
        detail: { was_enabled: true },
      },
      {
        at: 2_000,
        actor: "console:bob",
        action: "governor.disable",
        target: "kill switch",
        address: null,
        detail: { was_enabled: false },
      },
    ]);
  });

  it("flips nothing when its audit row cannot be written", async () => {
    await expect(setEnabled(db.owner, true, { actor: "sk_ins_abcdefghijklmnop", at: 3_000 })).rejects.toBeInstanceOf(
      AuditSecretError,
    );
    expect((await readKillSwitch(db.owner, true)).setting).toEqual({ updatedAt: 2_000, updatedBy: "console:bob" });
    expect(await audit()).toHaveLength(2);
  });
});
