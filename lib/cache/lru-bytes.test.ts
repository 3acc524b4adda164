import { describe, expect, it } from "vitest";
import { LruBytes } from "./lru-bytes.js";

describe("LruBytes", () => {
  it("evicts the least recently used values until a new one fits the byte budget", () => {
    const removed: string[] = [];
    const lru = new LruBytes<string, string>(100, (key) => removed.push(key));
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // b is now the least recently used
    lru.set("c", "C", 30);
    expect(removed).toEqual(["b"]);
    expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual(["A", undefined, "C"]);
    expect(lru.bytes).toBe(70);
  });

  it("keeps recency exact when the newest key is read again between others", () => {
    const removed: string[] = [];
    const lru = new LruBytes<string, string>(30, (key) => removed.push(key));
    for (const key of ["a", "b", "c"]) lru.set(key, key, 10);
    lru.get("c");
    lru.get("a");
    lru.get("c");
    lru.delete("c");
    lru.set("d", "d", 10);
    lru.set("e", "e", 10);
    expect(removed).toEqual(["c", "b"]);
  });

  it("keeps nothing larger than the whole budget, and a budget of zero keeps nothing", () => {
    const lru = new LruBytes<string, string>(10);
    lru.set("small", "s", 5);
    expect(lru.set("big", "b", 11)).toBe(false);
    expect(lru.get("small")).toBe("s");
    const off = new LruBytes<string, string>(0);
    expect(off.set("x", "x", 1)).toBe(false);
    expect(off.size).toBe(0);
  });

  it("replacing a key recounts its bytes, and delete and clear report every removal", () => {
    const removed: string[] = [];
    const lru = new LruBytes<string, number>(100, (key, value) => removed.push(`${key}=${value}`));
    lru.set("a", 1, 60);
    lru.set("a", 2, 10);
    expect(lru.bytes).toBe(10);
    lru.set("b", 3, 20);
    lru.delete("a");
    lru.clear();
    expect(removed).toEqual(["a=1", "a=2", "b=3"]);
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});
