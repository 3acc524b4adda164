/** Text from elsewhere stays one table cell; times read in UTC and in Singapore. */
import { describe, expect, it } from "vitest";
import { cell, range, sgtMinute, table, utcMinute } from "./markdown.js";

describe("snapshot markdown", () => {
  it("keeps an error message to one cell: one line, pipes and backslashes escaped, control characters gone", () => {
    expect(cell("fleet: HTTP 502 | upstream\nreset\u0007 `code` \\ end")).toBe(
      "fleet: HTTP 502 \\| upstream reset 'code' \\\\ end",
    );
    expect(cell("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
    expect(table(["a", "b"], [[cell("1|2"), 3]])).toBe("| a | b |\n| --- | --- |\n| 1\\|2 | 3 |");
  });

  it("reads times in UTC and in Singapore (UTC+8, no daylight saving)", () => {
    const at = Date.parse("2026-11-20T16:00:00.700Z");
    expect(utcMinute(at)).toBe("2026-11-20 16:00");
    expect(sgtMinute(at)).toBe("2026-11-21 00:00 SGT");
    expect([range([]), range([3, 3]), range([6, 1, 4])]).toEqual(["—", "3", "1 to 6"]);
  });
});
