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
    expect(rows).toEqual([
      { name: "dashboard", key_sha256: sha256Hex(key), scopes: ["analysts:read", "reports:read"] },
    ]);
    const dump = await db.owner.query("SELECT row_to_json(k)::text AS j FROM auth.api_keys k");
    expect(dump.rows[0].j).not.toContain(key);
  });

  it("lists and revokes", async () => {
    const listed = await keys("list");
    const [keyId, name, scopes, created, state, expires, rotatedFrom] = listed.stdout.trim().split("\t");
    expect([name, scopes, state, expires, rotatedFrom]).toEqual([
      "dashboard",
      "analysts:read,reports:read",
      "active",
      "never",
      "-",
    ]);
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await keys("revoke", keyId!);
    expect((await keys("list")).stdout).toMatch(/\trevoked \d{4}-/);
    await expect(keys("revoke", keyId!)).rejects.toMatchObject({ code: 2, stderr: `keys: no active key ${keyId}\n` });
  });

  it("refuses unknown scopes and write scopes with a clear line", async () => {
    await expect(keys("mint", "--name", "x", "--scopes", "analysts:write")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("keys: unknown scope: analysts:write"),
    });
    await expect(keys("frobnicate")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: keys mint"),
    });
  });

  it("mints with an expiry and lists it", async () => {
    const { stdout, stderr } = await keys(
      "mint",
      "--name",
      "quarterly",
      "--scopes",
      "analysts:read",
      "--expires",
      "2099-01-01",
    );
    expect(stdout).toMatch(/^sk_ins_[A-Za-z0-9_-]{32}\n$/);
    expect(stderr).toContain("expires 2099-01-01T00:00:00.000Z");
    const row = (await keys("list")).stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"))
      .find((c) => c[1] === "quarterly")!;
    expect([row[4], row[5]]).toEqual(["active", "2099-01-01T00:00:00.000Z"]);
    const { rows } = await db.owner.query("SELECT expires_at FROM auth.api_keys WHERE name = 'quarterly'");
    expect(rows).toEqual([{ expires_at: Date.UTC(2099, 0, 1) }]);
  });

  it("rotates: prints the successor alone, keeps the old key for the overlap, lists the lineage", async () => {
    const minted = (await keys("mint", "--name", "feed", "--scopes", "reports:read")).stdout.trim();
    const {
      rows: [old],
    } = await db.owner.query("SELECT key_id FROM auth.api_keys WHERE key_sha256 = $1", [sha256Hex(minted)]);
    const before = Date.now();
    const { stdout, stderr } = await keys("rotate", old.key_id, "--overlap", "2h");
    expect(stdout).toMatch(/^sk_ins_[A-Za-z0-9_-]{32}\n$/);
    expect(stdout.trim()).not.toBe(minted);
    expect(stderr).toMatch(
      new RegExp(
        `^rotated ${old.key_id} to key_[0-9a-f]{12} \\(expires never\\); ${old.key_id} keeps working until \\d{4}-`,
      ),
    );
    const { rows } = await db.owner.query(
      "SELECT key_id, name, scopes, expires_at, rotated_from FROM auth.api_keys WHERE name = 'feed' ORDER BY created_at, rotated_from NULLS FIRST",
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      name: "feed",
      scopes: ["reports:read"],
      expires_at: null,
      rotated_from: old.key_id,
    });
    expect(rows[0].expires_at).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(rows[0].expires_at).toBeLessThan(Date.now() + 2 * 3_600_000 + 1);
    const listed = (await keys("list")).stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(listed.find((c) => c[0] === rows[1].key_id)![6]).toBe(old.key_id);
    expect(listed.find((c) => c[0] === old.key_id)![5]).toBe(new Date(rows[0].expires_at).toISOString());
    await expect(keys("rotate", old.key_id)).rejects.toMatchObject({
      code: 2,
      stderr: `keys: key ${old.key_id} was already rotated to ${rows[1].key_id}: rotate that one\n`,
    });
  });

  it("refuses a bad expiry or overlap before touching the database", async () => {
    await expect(
      keys("mint", "--name", "x", "--scopes", "analysts:read", "--expires", "2020-01-01"),
    ).rejects.toMatchObject({
      code: 2,
      stderr: "keys: the expiry must be in the future, got 2020-01-01T00:00:00.000Z\n",
    });
    await expect(keys("rotate", "key_x", "--overlap", "soon")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("keys: --overlap must be a duration"),
    });
    await expect(keys("rotate")).rejects.toMatchObject({
      code: 2,
      stderr: "keys: rotate needs a KEY_ID (see keys list)\n",
    });
  });
});
