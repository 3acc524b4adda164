import { describe, expect, it } from "vitest";
import { orderings } from "./measure.js";

describe("orderings (the twins' rounds)", () => {
  it("gives every order of three, each copy in each place twice", () => {
    const orders = orderings([0, 1, 2]);
    expect(orders).toEqual([
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ]);
    for (let place = 0; place < 3; place++)
      for (const copy of [0, 1, 2]) expect(orders.filter((o) => o[place] === copy)).toHaveLength(2);
  });

  it("gives two items both ways and one item once", () => {
    expect(orderings(["a", "b"])).toEqual([
      ["a", "b"],
      ["b", "a"],
    ]);
    expect(orderings(["a"])).toEqual([["a"]]);
  });
});
