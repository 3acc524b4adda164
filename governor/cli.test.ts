/** `npm run governor -- disable|enable|status`, run as a process against a database, as an operator would. */
import { execFile } from "node:child_process";
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

    await governor("enable", "--by", "bob");
    const status = await governor("status");
    expect(JSON.parse(status.stdout).pulse).toMatchObject({ enabled: true, enabledBySetting: true });
  });

  it("prints its usage for anything else", async () => {
    await expect(governor("explode")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: governor disable|enable"),
    });
  });
});
