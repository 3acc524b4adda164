import { describe, expect, it } from "vitest";
import { LruTtl } from "./lru-ttl.js";

describe("LruTtl", () => {
  it("evicts the least recently used entry, not the oldest inserted", () => {
    const cache = new LruTtl<string, number>(3, 60_000);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect(cache.get("a")).toBe(1);
    cache.set("d", 4);
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.get("d")]).toEqual([1, undefined, 3, 4]);
  });

  it("keeps recency exact when the newest key is read again between others", () => {
    const cache = new LruTtl<string, number>(3, 60_000);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    cache.get("c");
    cache.get("a");
    cache.get("c");
    cache.delete("c");
    cache.set("d", 4);
    cache.set("e", 5);
    expect([cache.get("a"), cache.get("b"), cache.get("d"), cache.get("e")]).toEqual([1, undefined, 4, 5]);
  });

  it("keeps an entry read all the time through a flood of new keys", () => {
    const cache = new LruTtl<string, string>(100, 60_000);
    cache.set("live", "key");
    for (let i = 0; i < 10_000; i++) {
      cache.set(`random-${i}`, "refused");
      if (i % 50 === 0) expect(cache.get("live")).toBe("key");
    }
    expect(cache.get("live")).toBe("key");
    expect(cache.size).toBe(100);
  });

  it("serves nothing stale, but still knows a stale key", () => {
    let clock = 0;
    const cache = new LruTtl<string, number>(10, 1_000, () => clock);
    cache.set("k", 7);
    clock = 999;
    expect(cache.get("k")).toBe(7);
    clock = 1_000;
    expect(cache.get("k")).toBeUndefined();
    expect(cache.peekStale("k")).toBe(7);
    cache.set("k", 8);
    expect(cache.get("k")).toBe(8);
  });

  it("refuses a limit below one", () => {
    expect(() => new LruTtl(0, 1)).toThrow(RangeError);
  });
});
