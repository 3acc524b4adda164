/** Every failure of an operator command is one line on standard error and a non-zero exit, whatever was thrown. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");
const FIXTURE = path.resolve("test/fixtures/failing-command.ts");

function run(kind: string, env: Record<string, string> = {}) {
  const r = spawnSync(TSX, [FIXTURE, kind], { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "info", ...env } });
  return { status: r.status, stderr: r.stderr };
}

describe("runCommand", () => {
  it.each([
    ["undefined", "demo: failed, with no reason given\n", 1],
    ["string", "demo: the relay said no\n", 1],
    ["aggregate", "demo: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432\n", 1],
    ["multiline", "demo: first line | second line\n", 1],
    ["config", "demo: configuration: PORT must be a whole number\n", 2],
  ])("reports a rejection with %s as one line", (kind, line, status) => {
    expect(run(kind)).toEqual({ status, stderr: line });
  });

  it("reports a main that throws before returning its promise", () => {
    expect(run("sync-throw")).toEqual({ status: 1, stderr: "demo: thrown before any await\n" });
  });

  it("exits with main's code and prints nothing when it succeeds", () => {
    expect(run("ok")).toEqual({ status: 0, stderr: "" });
  });

  it("adds the stack under LOG_LEVEL=debug", () => {
    const { status, stderr } = run("multiline", { LOG_LEVEL: "debug" });
    expect(status).toBe(1);
    expect(stderr.split("\n")[0]).toBe("demo: first line | second line");
    expect(stderr).toMatch(/\n {4}at .*failing-command\.ts/);
  });
});
