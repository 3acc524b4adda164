import { describe, expect, it } from "vitest";
import { LARGE_GRAPH, SMALL_GRAPH } from "../lib/vector/graph-tuning.js";
import { numberOption, sizesOption } from "./number-option.js";
import { tuningsOption } from "./tunings-option.js";

describe("the bench sections' options", () => {
  it("reads --sizes as whole positive numbers, and refuses anything else by name", () => {
    expect(sizesOption([], [1_000_000])).toEqual([1_000_000]);
    expect(sizesOption(["--sizes", "10000,20000"], [1])).toEqual([10_000, 20_000]);
    for (const bad of ["", "10000,", "1.5", "0", "-3", "ten"])
      expect(() => sizesOption(["--sizes", bad], [1])).toThrow(
        "--sizes needs positive whole numbers separated by commas",
      );
    expect(() => sizesOption(["--sizes"], [1])).toThrow("--sizes needs");
  });

  it("reads --tunings as links/breadth pairs, the product's two by default", () => {
    expect(tuningsOption([])).toEqual([SMALL_GRAPH, LARGE_GRAPH]);
    expect(tuningsOption(["--tunings", "48/512,64/768"])).toEqual([
      { connectivity: 48, expansionAdd: 512 },
      { connectivity: 64, expansionAdd: 768 },
    ]);
    for (const bad of ["48", "48/", "/512", "1/512", "48/0", "48/512,", "a/b"])
      expect(() => tuningsOption(["--tunings", bad])).toThrow(
        `--tunings needs links/breadth pairs separated by commas`,
      );
  });

  it("keeps a number option's zero only where the option allows it", () => {
    expect(numberOption(["--million", "0"], "million", 5, { zero: true })).toBe(0);
    expect(() => numberOption(["--seed", "0"], "seed", 1)).toThrow("--seed needs a positive number");
    expect(numberOption([], "seed", 1)).toBe(1);
  });
});
