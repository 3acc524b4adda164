/** The one table from a Connect code to the REST status and the tool category, and what an internal fault may show. */
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { answerOf, CODE_ANSWERS, shownMessage } from "./connect-codes.js";

const codes = Object.values(Code).filter((c): c is Code => typeof c === "number");

describe("the Connect code table", () => {
  it("answers every code", () => {
    expect(
      Object.keys(CODE_ANSWERS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...codes].sort((a, b) => a - b));
  });

  it("gives each code its REST status and tool category", () => {
    expect(Object.fromEntries(codes.map((c) => [Code[c], `${answerOf(c).status} ${answerOf(c).category}`]))).toEqual({
      Canceled: "500 transient",
      Unknown: "500 permanent",
      InvalidArgument: "400 validation",
      DeadlineExceeded: "504 transient",
      NotFound: "404 permanent",
      AlreadyExists: "409 permanent",
      PermissionDenied: "403 auth",
      ResourceExhausted: "429 transient",
      FailedPrecondition: "400 permanent",
      Aborted: "500 transient",
      OutOfRange: "400 validation",
      Unimplemented: "500 permanent",
      Internal: "500 permanent",
      Unavailable: "503 transient",
      DataLoss: "500 permanent",
      Unauthenticated: "401 auth",
    });
  });

  it("never shows the message of an internal fault, and shows every other", () => {
    expect(
      codes
        .filter((c) => answerOf(c).internal)
        .map((c) => Code[c])
        .sort(),
    ).toEqual(["DataLoss", "Internal", "Unknown"]);
    expect(shownMessage(new ConnectError("archived body x.md is missing", Code.DataLoss))).toBe("internal error");
    expect(shownMessage(new ConnectError("no fact card x", Code.NotFound))).toBe("no fact card x");
  });
});
