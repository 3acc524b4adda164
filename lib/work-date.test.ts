import { describe, expect, it } from "vitest";
import { addDays, isoWeekOf, isWorkDate, startOfWorkDate, workDateOf } from "./work-date.js";

describe("work dates (Asia/Singapore)", () => {
  it("roll over at 16:00 UTC", () => {
    expect(workDateOf(Date.parse("2026-11-20T15:59:59.999Z"))).toBe("2026-11-20");
    expect(workDateOf(Date.parse("2026-11-20T16:00:00Z"))).toBe("2026-11-21");
    expect(startOfWorkDate("2026-11-21")).toBe(Date.parse("2026-11-20T16:00:00Z"));
  });

  it("accept only real calendar dates", () => {
    expect(isWorkDate("2024-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-01", "20261101", "2026-11-01T00:00", ""])
      expect(isWorkDate(bad)).toBe(false);
  });

  it("find the Monday-to-Sunday ISO week", () => {
    expect(isoWeekOf("2026-11-16")).toEqual({ weekStart: "2026-11-16", weekEnd: "2026-11-22" }); // Monday
    expect(isoWeekOf("2026-11-22")).toEqual({ weekStart: "2026-11-16", weekEnd: "2026-11-22" }); // Sunday
    expect(isoWeekOf("2027-01-01")).toEqual({ weekStart: "2026-12-28", weekEnd: "2027-01-03" }); // across a year
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("end a week that runs past 9999-12-31 there, never in a date YYYY-MM-DD cannot write", () => {
    expect(isoWeekOf("9999-12-31")).toEqual({ weekStart: "9999-12-27", weekEnd: "9999-12-31" });
    expect(addDays("9999-12-31", 1)).toBe("9999-12-31");
  });
});
