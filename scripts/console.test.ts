/** The console command, run as a process against a database: a new one-time sign-in link, printed alone, audited. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useSignInLink } from "../admin/console/session/session-store.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let db: TestDatabase;
const consoleCommand = (...args: string[]) =>
  run(path.join(root, "node_modules/.bin/tsx"), ["scripts/console.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.ownerUrl, DATABASE_READER_URL: db.readerUrl, ADMIN_PORT: "9181" },
  });

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
});
afterAll(() => db?.drop());

describe("npm run console -- link", () => {
  it("prints a one-time link to the admin listener alone, stores its digest and audits it", async () => {
    const { stdout, stderr } = await consoleCommand("link", "--by", "alice");
    expect(stderr).toContain("a one-time sign-in link, valid 5 minutes:\n");
    const link = /^http:\/\/127\.0\.0\.1:9181\/sign-in\/link\?token=([A-Za-z0-9_-]{43})\n$/.exec(stdout);
    expect(link).not.toBeNull();
    const { rows } = await db.owner.query("SELECT row_to_json(l)::text AS j FROM console.sign_in_links l");
    expect(rows).toHaveLength(1);
    expect(rows[0].j).not.toContain(link![1]);
    expect(await useSignInLink(db.owner, link![1]!, Date.now())).toBe(true);
    expect(await useSignInLink(db.owner, link![1]!, Date.now())).toBe(false);
    const audit = await db.owner.query("SELECT actor, action FROM audit.events");
    expect(audit.rows).toEqual([{ actor: "alice", action: "console.link" }]);
  });

  it("says how to use it otherwise", async () => {
    await expect(consoleCommand("open")).rejects.toMatchObject({
      code: 2,
      stderr: "console: usage: console link [--by NAME]\n",
    });
  });
});
