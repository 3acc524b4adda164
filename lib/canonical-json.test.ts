import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";

describe("canonicalJson", () => {
  it("gives values that differ only in key order, at any depth, one text; arrays keep their order", () => {
    expect(canonicalJson({ b: 2, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":2}');
    expect(canonicalJson({ a: { c: null, d: [2, 1] }, b: 2 })).toBe(canonicalJson({ b: 2, a: { d: [2, 1], c: null } }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
