/** `npm run governor -- disable|enable|status`, run as a process against a database, as an operator would. */
import { execFile } from "node:child_process";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let db: TestDatabase;
const governor = (...args: string[]) =>
  run(path.join(root, "node_modules/.bin/tsx"), ["governor/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.ownerUrl, DATABASE_READER_URL: db.readerUrl, GOVERNOR_ENABLED: "true" },
  });

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "govcli");
});
afterAll(() => db?.drop());

describe("npm run governor", () => {
  it("flips the kill switch in the settings row and reports it", async () => {
    const off = await governor("disable", "--by", "alice");
    expect(off.stderr).toContain("governor disabled by alice: from the next tick no reserve, only the hard ceilings");
    expect(JSON.parse(off.stdout).pulse).toMatchObject({
      enabled: false,
      enabledByConfig: true,
      enabledBySetting: false,
      hourlyCeiling: 60,
    });
    const { rows } = await db.owner.query("SELECT name, value, updated_by FROM governor.settings");
    expect(rows).toEqual([{ name: "enabled", value: false, updated_by: "alice" }]);

    await governor("enable");
    const status = await governor("status");
    expect(JSON.parse(status.stdout).pulse).toMatchObject({ enabled: true, enabledBySetting: true });

    // Each flip is one audit row: who (the --by name, else operator:<unix user>), what, when; no address.
    const audit = await db.owner.query(
      "SELECT actor, action, target, address, detail, at FROM audit.events ORDER BY event_id",
    );
    expect(audit.rows.map(({ at: _at, ...row }) => row)).toEqual([
      {
        actor: "alice",
        action: "governor.disable",
        target: "kill switch",
        address: null,
        detail: { was_enabled: true },
      },
      {
        actor: `operator:${userInfo().username}`,
        action: "governor.enable",
        target: "kill switch",
        address: null,
        detail: { was_enabled: false },
      },
    ]);
    expect(audit.rows.every((r) => Math.abs(r.at - Date.now()) < 60_000)).toBe(true);
  });

  it("prints its usage for anything else", async () => {
    await expect(governor("explode")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: governor disable|enable"),
    });
  });
});
