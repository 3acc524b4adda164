import { describe, expect, it } from "vitest";
import { warmUp } from "./warm-up.js";

/** A run whose slices answer these rates in turn (the last one repeated). */
function rates(...perSecond: number[]) {
  const asked: number[] = [];
  const run = async (seconds: number) => {
    const rate = perSecond[Math.min(asked.length, perSecond.length - 1)]!;
    asked.push(seconds);
    return { requests: rate * seconds, seconds };
  };
  return { run, asked };
}

describe("warmUp (until the rate stops climbing)", () => {
  it("goes on while the rate climbs, and stops three slices after it levels off", async () => {
    const { run, asked } = rates(220, 400, 600, 790, 800, 805, 790, 810);
    // 800 and 805 are within 3 % of 790, 790 too: the three slices after the last climb (to 790, the 4th).
    expect(await warmUp(run, { minSeconds: 2, maxSeconds: 30 })).toBe(7);
    expect(asked).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it("a late climb starts the count again", async () => {
    const { run } = rates(500, 500, 500, 600, 600, 600, 600);
    expect(await warmUp(run, { minSeconds: 2, maxSeconds: 30 })).toBe(7);
  });

  it("warms for at least minSeconds when the rate is level from the start", async () => {
    const { run } = rates(700);
    expect(await warmUp(run, { minSeconds: 5, maxSeconds: 30 })).toBe(5);
  });

  it("stops at maxSeconds when the rate keeps climbing", async () => {
    const { run } = rates(...Array.from({ length: 40 }, (_, i) => 100 * 1.1 ** i));
    expect(await warmUp(run, { minSeconds: 2, maxSeconds: 12 })).toBe(12);
  });
});
