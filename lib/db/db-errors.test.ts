/** Which database failures count as an outage (a retry can succeed) and which as unstorable text; the rest pass. */
import { describe, expect, it } from "vitest";
import { classifyDatabaseError } from "./db-errors.js";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("classifyDatabaseError", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    [
      "a refused dual-stack connect (AggregateError)",
      Object.assign(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]), { code: "ECONNREFUSED" }),
    ],
    ["one nested in errors only", new AggregateError([withCode("ECONNRESET")])],
    ["one as the cause", new Error("wrapped", { cause: withCode("57P01") })],
    ["admin_shutdown", withCode("57P01", "terminating connection due to administrator command")],
    ["crash_shutdown", withCode("57P02")],
    ["cannot_connect_now (starting up, shutting down)", withCode("57P03", "the database system is shutting down")],
    ["too_many_connections", withCode("53300")],
    ["a connection exception (08006)", withCode("08006")],
    ["a lost connection (no code)", new Error("Connection terminated unexpectedly")],
    ["a client that lost its connection", new Error("Client has encountered a connection error and is not queryable")],
    ["a connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a closing pool", new Error("Cannot use a pool after calling end on the pool")],
  ])("%s is unavailable", (_what, error) => {
    expect(classifyDatabaseError(error)).toBe("unavailable");
  });

  it("NUL or invalid UTF-8 in a parameter is invalid text", () => {
    expect(classifyDatabaseError(withCode("22021", 'invalid byte sequence for encoding "UTF8": 0x00'))).toBe(
      "invalid_text",
    );
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a permission denied", withCode("42501")],
    ["division by zero", withCode("22012")],
    ["a plain error", new Error("boom")],
    ["not an error", "ECONNREFUSED"],
    ["null", null],
  ])("%s is neither", (_what, error) => {
    expect(classifyDatabaseError(error)).toBeNull();
  });
});
