/** The operator's key command, run as a process against a database, as an operator would. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { sha256Hex } from "../gateway/auth/api-keys.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let db: TestDatabase;
const keys = (...args: string[]) =>
  run(path.join(root, "node_modules/.bin/tsx"), ["scripts/keys.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.ownerUrl, DATABASE_READER_URL: db.readerUrl },
  });

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
});
afterAll(() => db?.drop());

describe("npm run keys", () => {
  it("mints a key, printing it alone on stdout and storing only its digest", async () => {
    const { stdout } = await keys("mint", "--name", "dashboard", "--scopes", "reports:read,analysts:read");
    expect(stdout).toMatch(/^sk_ins_[A-Za-z0-9_-]{32}\n$/);
    const key = stdout.trim();
    const { rows } = await db.owner.query("SELECT name, key_sha256, scopes FROM auth.api_keys");
    expect(rows).toEqual([{ name: "dashboard", key_sha256: sha256Hex(key), scopes: ["analysts:read", "reports:read"] }]);
    const dump = await db.owner.query("SELECT row_to_json(k)::text AS j FROM auth.api_keys k");
    expect(dump.rows[0].j).not.toContain(key);
  });

  it("lists and revokes", async () => {
    const listed = await keys("list");
    const [keyId, name, scopes, , state] = listed.stdout.trim().split("\t");
    expect([name, scopes, state]).toEqual(["dashboard", "analysts:read,reports:read", "active"]);
    await keys("revoke", keyId!);
    expect((await keys("list")).stdout).toMatch(/\trevoked \d{4}-/);
    await expect(keys("revoke", keyId!)).rejects.toMatchObject({ code: 2, stderr: `keys: no active key ${keyId}\n` });
  });

  it("refuses unknown scopes and write scopes with a clear line", async () => {
    await expect(keys("mint", "--name", "x", "--scopes", "analysts:write")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("keys: unknown scope: analysts:write"),
    });
    await expect(keys("frobnicate")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage: keys mint") });
  });
});
