/**
 * The build-time read-only lint of spec §5.2 rule 6. It supports the guarantee the reader role enforces (the read
 * services connect with a SELECT-only role) by failing review-time drift: no mutating SQL and no outbound call other
 * than GET in code a read request can run (services/, gateway/ and the lib/ below them), and no scope or tool on the
 * public surfaces that names write or admin. What may write anyway is listed, with its reason, in
 * read-only/allowances.ts. It is not a security boundary, and says so.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEED_SCOPE, REST_SCOPES, TOOL_SCOPES } from "../../lib/scopes.js";
import { OPERATIONS } from "../../gateway/operations/index.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { ALLOWANCES, allowanceFor } from "./read-only/allowances.js";
import { findingsOf, literalsOf, type Finding } from "./read-only/source-findings.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The folders a read request runs code from; tests are not shipped and plant SQL on purpose. */
const READ_PATHS = ["services/", "gateway/", "lib/"];
/** A scope or tool name that names write or admin, in any spelling (`reports:write`, `admin`, `key_administer`). */
const WRITE_OR_ADMIN = /write|admin/i;
/** A string shaped like a scope: `<resource>:<access>`. */
const SCOPE_SHAPE = /^[a-z][a-z_-]*:[a-z_-]+$/;

function readPathFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...READ_PATHS], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => /\.(ts|sql)$/.test(f) && !f.endsWith(".test.ts"));
}

const files = readPathFiles();
const texts = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
const found = files.flatMap((file) => findingsOf(file, texts.get(file)!).map((finding) => ({ file, ...finding })));
const describeFinding = (f: Finding & { file: string }) => `${f.file}:${f.line} ${f.kind} ${f.what}`;

describe("read-only lint (spec §5.2 rule 6)", () => {
  it("scans the read paths (the scan itself works)", () => {
    expect(files).toContain("services/catalog/threads-store.ts");
    expect(files).toContain("gateway/mcp/tools/whiteboard-board-tools.ts");
    expect(files.some((f) => f.endsWith(".test.ts"))).toBe(false);
  });

  it("finds no mutating SQL and no outbound call other than GET outside the allowances", () => {
    const unallowed = found.filter((f) => !allowanceFor(f.file, f.kind));
    expect(unallowed.map(describeFinding)).toEqual([]);
  });

  it("keeps no allowance that allows nothing (each one is still needed)", () => {
    const stale = ALLOWANCES.filter((a) => !found.some((f) => allowanceFor(f.file, f.kind) === a));
    expect(stale.map((a) => a.path)).toEqual([]);
    expect(ALLOWANCES.every((a) => a.reason.length > 20)).toBe(true);
  });

  it("names no write or admin scope on the public surfaces", () => {
    const declared = [...REST_SCOPES, ...TOOL_SCOPES, FEED_SCOPE];
    const used = [
      ...OPERATIONS.map((op) => op.scope),
      ...TOOLS.flatMap((tool) => ("scope" in tool.grant ? [tool.grant.scope] : [])),
    ];
    expect(used.filter((scope) => !declared.includes(scope))).toEqual([]);
    expect(declared.filter((scope) => WRITE_OR_ADMIN.test(scope))).toEqual([]);
    expect(declared.every((scope) => scope.endsWith(":read"))).toBe(true);
  });

  it("names no write or admin scope in any string of a read path", () => {
    const scopeLiterals = files.flatMap((file) =>
      literalsOf(file, texts.get(file)!)
        .filter((text) => SCOPE_SHAPE.test(text) && WRITE_OR_ADMIN.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(scopeLiterals).toEqual([]);
  });

  it("serves no tool and no REST operation whose name names write or admin", () => {
    expect(TOOLS.map((tool) => tool.name).filter((name) => WRITE_OR_ADMIN.test(name))).toEqual([]);
    expect(OPERATIONS.map((op) => op.tool).filter((name) => WRITE_OR_ADMIN.test(name))).toEqual([]);
    expect(OPERATIONS.filter((op) => WRITE_OR_ADMIN.test(op.route.path)).map((op) => op.route.path)).toEqual([]);
  });
});

describe("read-only lint, planted (it can fail)", () => {
  const whats = (source: string, name = "planted.ts") => findingsOf(name, source).map((f) => `${f.kind} ${f.what}`);

  it("catches a planted INSERT, in a string or a template, and not the word in a comment or an identifier", () => {
    expect(whats(`await db.query("INSERT INTO catalog.boards (board_id) VALUES ($1)", [id]);`)).toEqual(["sql INSERT"]);
    expect(whats("await db.query(`insert into ${table} (id) values ($1)`, [id]);")).toEqual(["sql INSERT"]);
    expect(whats(`// INSERT INTO catalog.boards is what the importer does\nconst insertInto = 1;`)).toEqual([]);
  });

  it("catches every mutating statement the rule names, and not prose", () => {
    const sql = [
      "UPDATE catalog.boards b SET status = 'failed'",
      "DELETE FROM catalog.cards WHERE card_id = $1",
      "TRUNCATE catalog.cards",
      "CREATE TABLE x (id int)",
      "ALTER TABLE x ADD COLUMN y int",
      "DROP INDEX x_y",
      "COPY catalog.cards (card_id) FROM STDIN",
    ];
    expect(sql.map((s) => whats(`q(${JSON.stringify(s)})`))).toEqual([
      ["sql UPDATE"],
      ["sql DELETE"],
      ["sql TRUNCATE"],
      ["sql DDL"],
      ["sql DDL"],
      ["sql DDL"],
      ["sql COPY … FROM"],
    ]);
    const prose = ["it would truncate silently", "the key was revoked", "update the page", "COPY TO stdout"];
    expect(prose.flatMap((s) => whats(`fail(${JSON.stringify(s)})`))).toEqual([]);
    expect(whats("-- DELETE FROM x in a comment\nCREATE INDEX a ON b (c);", "001_x.sql")).toEqual(["sql DDL"]);
  });

  it("catches a planted POST, and lets a GET and a local function named fetch through", () => {
    expect(whats(`await fetch(url, { method: "POST", body });`)).toEqual(["outbound fetch POST"]);
    expect(whats(`import http from "node:http";\nhttp.request({ host, method: "PUT" });`)).toEqual([
      "outbound http.request PUT",
    ]);
    expect(whats(`await fetch(url, init);`)).toEqual(["outbound fetch with options it cannot read"]);
    expect(whats(`await fetch(url, { method: "GET", headers });\nawait fetch(url);`)).toEqual([]);
    expect(whats(`async function page(fetch: (n: number) => Promise<unknown>) { return fetch(2); }`)).toEqual([]);
  });
});
