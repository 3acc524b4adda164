/** How an operator names an expiry or an overlap, and every way of getting it wrong. */
import { describe, expect, it } from "vitest";
import { parseDuration, parseExpiry } from "./key-expiry.js";

const now = Date.UTC(2026, 10, 21, 8, 0, 0);

describe("parseExpiry", () => {
  it.each([
    ["30d", now + 30 * 86_400_000],
    ["12h", now + 12 * 3_600_000],
    ["90m", now + 90 * 60_000],
    ["2w", now + 14 * 86_400_000],
    ["2027-01-01", Date.UTC(2027, 0, 1)],
    ["2027-01-01T09:30:00+08:00", Date.UTC(2027, 0, 1, 1, 30)],
    ["2026-11-21T08:00:01.5Z", now + 1500],
  ])("reads %s", (text, at) => {
    expect(parseExpiry(text, now)).toBe(at);
  });

  it.each([
    [
      "tomorrow",
      'the expiry must be a duration (30d, 12h), a date (2027-01-01, midnight UTC) or an instant (2027-01-01T00:00:00Z), got "tomorrow"',
    ],
    ["-1d", "the expiry must be a duration"],
    ["1y", "the expiry must be a duration"],
    ["2027-02-30", "the expiry 2027-02-30 is not a calendar date"],
    ["2027-01-01T25:00:00Z", "is not a valid instant"],
    ["2027-01-01T10:00:00", "the expiry must be a duration"],
    ["2026-11-21", "the expiry must be in the future, got 2026-11-21T00:00:00.000Z"],
    ["0d", "the expiry must be in the future"],
    ["10000-01-01", "the expiry must be a duration"],
  ])("refuses %s", (text, message) => {
    expect(() => parseExpiry(text, now)).toThrow(message);
  });
});

describe("parseDuration", () => {
  it("reads 0 and unit durations, and nothing else", () => {
    expect(parseDuration("0", "--overlap")).toBe(0);
    expect(parseDuration("24h", "--overlap")).toBe(86_400_000);
    expect(parseDuration("45s", "--overlap")).toBe(45_000);
    expect(() => parseDuration("1.5h", "--overlap")).toThrow(
      '--overlap must be a duration such as 24h, 30d or 90m (s, m, h, d, w), got "1.5h"',
    );
    expect(() => parseDuration("", "--overlap")).toThrow("--overlap must be a duration");
  });
});
