/** Half precision: every half survives a round trip, and a float goes to the nearest half, ties to even. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HALF_VALUES, toHalf } from "./half-float.js";

describe("half precision", () => {
  it("reads every half back to the same bits", () => {
    for (let h = 0; h < 0x10000; h++) {
      const v = HALF_VALUES[h]!;
      if (Number.isNaN(v)) expect(Number.isNaN(HALF_VALUES[toHalf(v)]!)).toBe(true);
      else expect(toHalf(v)).toBe(h);
    }
  });

  it("knows the landmarks: one, the largest half, the smallest subnormal, infinity, signed zero", () => {
    expect(toHalf(1)).toBe(0x3c00);
    expect(toHalf(-2)).toBe(0xc000);
    expect(toHalf(65504)).toBe(0x7bff);
    expect(toHalf(65520)).toBe(0x7c00);
    expect(toHalf(2 ** -24)).toBe(0x0001);
    expect(toHalf(2 ** -26)).toBe(0);
    expect(toHalf(-0)).toBe(0x8000);
    expect(toHalf(Infinity)).toBe(0x7c00);
    // Halfway between 1 and the next half (1 + 2^-10) goes to the even one, 1; a hair above goes up.
    expect(toHalf(1 + 2 ** -11)).toBe(0x3c00);
    expect(toHalf(1 + 3 * 2 ** -11)).toBe(0x3c02);
    expect(toHalf(1 + 2 ** -11 + 2 ** -20)).toBe(0x3c01);
  });

  it("picks the nearest half for any float in range", () => {
    fc.assert(
      fc.property(fc.float({ min: -60000, max: 60000, noNaN: true }), (x) => {
        const h = toHalf(x);
        const got = Math.abs(HALF_VALUES[h]! - x);
        // No neighbour of the chosen half is nearer.
        for (const other of [h - 1, h + 1, h ^ 0x8000])
          if (other >= 0 && other < 0x10000 && Number.isFinite(HALF_VALUES[other]!))
            expect(got).toBeLessThanOrEqual(Math.abs(HALF_VALUES[other]! - x));
      }),
      { numRuns: 20000 },
    );
  });
});
