import { describe, expect, it } from "vitest";
import { createReadCache } from "./read-cache.js";

describe("the read cache's store", () => {
  it("serves nothing until it is live, and drops everything when reset", () => {
    const cache = createReadCache<string>(1000);
    expect(cache.set("a", "A", ["catalog"], 1, cache.begin())).toBe(false);
    cache.reset(true);
    expect(cache.set("a", "A", ["catalog"], 1, cache.begin())).toBe(true);
    expect(cache.get("a")).toBe("A");
    cache.reset(false);
    expect(cache.get("a")).toBeUndefined();
    cache.reset(true);
    expect(cache.get("a")).toBeUndefined();
  });

  it("a change drops exactly the answers that depend on its kind", () => {
    const cache = createReadCache<string>(1000);
    cache.reset(true);
    cache.set("analysts", "A", ["catalog", "objects"], 1, cache.begin());
    cache.set("daily", "D", ["reports", "objects"], 1, cache.begin());
    cache.set("leaderboard", "L", ["portfolio"], 1, cache.begin());
    cache.invalidate("objects");
    expect([cache.get("analysts"), cache.get("daily"), cache.get("leaderboard")]).toEqual([undefined, undefined, "L"]);
    cache.invalidate("catalog");
    expect(cache.get("leaderboard")).toBe("L");
  });

  it("does not keep an answer computed across a change of its kinds or a reset", () => {
    const cache = createReadCache<string>(1000);
    cache.reset(true);
    const before = cache.begin();
    cache.invalidate("catalog");
    expect(cache.set("analysts", "old", ["catalog"], 1, before)).toBe(false);
    expect(cache.set("leaderboard", "L", ["portfolio"], 1, before)).toBe(true);
    const again = cache.begin();
    cache.reset(true);
    expect(cache.set("leaderboard", "L", ["portfolio"], 1, again)).toBe(false);
    expect(cache.set("analysts", "new", ["catalog"], 1, cache.begin())).toBe(true);
  });

  it("an answer evicted for space leaves no trace in the dependency index", () => {
    const cache = createReadCache<string>(10);
    cache.reset(true);
    cache.set("a", "A", ["catalog"], 6, cache.begin());
    cache.set("b", "B", ["portfolio"], 6, cache.begin());
    expect(cache.get("a")).toBeUndefined();
    cache.invalidate("catalog");
    expect(cache.get("b")).toBe("B");
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 6 });
  });

  it("suspended, serves nothing as fresh but hands out what it holds as stale for staleMs, with its age", () => {
    let now = 1000;
    const cache = createReadCache<string>(1000, { staleMs: 60_000, now: () => now });
    cache.reset(true);
    cache.set("analysts", "A", ["catalog"], 1, cache.begin());
    cache.set("leaderboard", "L", ["portfolio"], 1, cache.begin());
    expect(cache.stale("analysts")).toBeUndefined(); // live: a fresh answer, never a stale one
    now += 5000;
    cache.suspend();
    expect(cache.get("analysts")).toBeUndefined();
    const ticket = cache.begin();
    expect(cache.set("other", "O", ["catalog"], 1, ticket)).toBe(false);
    now += 60_000;
    expect(cache.stale("analysts")).toEqual({ value: "A", ageMs: 65_000 });
    now += 1;
    expect(cache.stale("analysts")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ stale: 1, entries: 2 });
  });

  it("resumes by dropping only the kinds that changed while it was suspended", () => {
    const cache = createReadCache<string>(1000, { staleMs: 60_000 });
    cache.reset(true);
    cache.set("analysts", "A", ["catalog", "objects"], 1, cache.begin());
    cache.set("leaderboard", "L", ["portfolio"], 1, cache.begin());
    cache.suspend();
    cache.resume(["objects"]);
    expect([cache.get("analysts"), cache.get("leaderboard")]).toEqual([undefined, "L"]);
  });

  it("without staleMs, drops everything as soon as it is suspended, as before", () => {
    const cache = createReadCache<string>(1000);
    cache.reset(true);
    cache.set("analysts", "A", ["catalog"], 1, cache.begin());
    cache.suspend();
    expect([cache.stale("analysts"), cache.stats().entries]).toEqual([undefined, 0]);
  });
});
