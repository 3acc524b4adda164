/** The bucket arithmetic and the header fields of draft-ietf-httpapi-ratelimit-headers-11, without a database. */
import { describe, expect, it } from "vitest";
import type { RateLimitPolicy } from "../../lib/config/access.js";
import { decide, policyHeader, rateLimitHeader } from "./headers.js";
import { addressPrefix, partitionOf } from "./partition.js";

const policy: RateLimitPolicy = { name: "institute-key", perMinute: 600, burst: 600 };
const T = 100; // 600 a minute: one every 100 ms

describe("RateLimit-Policy and RateLimit", () => {
  it("advertises the bucket as a quota over the time it takes to refill", () => {
    expect(policyHeader(policy)).toBe('"institute-key";q=600;w=60');
    expect(policyHeader({ name: "anonymous", perMinute: 600, burst: 100 })).toBe('"anonymous";q=100;w=10');
    expect(policyHeader({ name: "peer", perMinute: 7, burst: 7 })).toBe('"peer";q=7;w=60');
    expect(policyHeader({ name: 'odd "name"', perMinute: 60, burst: 1 })).toBe('"odd \\"name\\"";q=1;w=1');
  });

  it("counts what is left after an accepted request and when it next grows", () => {
    const first = decide(policy, { now: 0, taken: T, current: null });
    expect(first).toMatchObject({ allowed: true, remaining: 599, resetSeconds: 1 });
    expect(rateLimitHeader(first)).toBe('"institute-key";r=599;t=1');
    // 300.5 intervals in use: 299 whole requests left, the next frees up in half an interval.
    expect(decide(policy, { now: 0, taken: 300.5 * T, current: null })).toMatchObject({
      remaining: 299,
      resetSeconds: 1,
    });
    const slow = { name: "slow", perMinute: 2, burst: 3 }; // one every 30 s, three at once
    expect(decide(slow, { now: 0, taken: 30_000, current: null })).toMatchObject({ remaining: 2, resetSeconds: 30 });
    expect(decide(slow, { now: 0, taken: 90_000, current: null })).toMatchObject({ remaining: 0, resetSeconds: 30 });
    expect(decide(slow, { now: 10_000, taken: 90_000, current: null })).toMatchObject({
      remaining: 0,
      resetSeconds: 20,
    });
  });

  it("on a refusal says 0 left and, as Retry-After, when the next request fits", () => {
    const slow = { name: "slow", perMinute: 2, burst: 3 };
    // tat 90 s ahead of now: a request fits once tat is no more than (burst - 1) intervals = 60 s ahead.
    const refused = decide(slow, { now: 0, taken: null, current: 90_000 });
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 30 });
    expect(rateLimitHeader(refused)).toBe('"slow";r=0;t=30');
    expect(decide(slow, { now: 29_500, taken: null, current: 90_000 }).resetSeconds).toBe(1);
    // Never 0: a client told 0 would retry at once.
    expect(decide(policy, { now: 0, taken: null, current: 599 * T + 1 }).resetSeconds).toBe(1);
    expect(decide(policy, { now: 0, taken: null, current: null }).resetSeconds).toBe(1);
  });
});

describe("partitions", () => {
  it("counts a credential by its identity and anyone else by address, IPv6 per /64", () => {
    const scopes = new Set(["analysts:read"]);
    expect(partitionOf({ kind: "api_key", keyId: "key_1", name: "n", scopes }, "10.0.0.1")).toEqual({
      kind: "api_key",
      bucket: "key:key_1",
    });
    expect(
      partitionOf({ kind: "peer", party: { id: "acme", name: "A", inHubRoster: true, coverage: false } }, "10.0.0.1")
        .bucket,
    ).toMatch(/^peer:[0-9a-f]{32}$/);
    expect(partitionOf({ kind: "oauth", subject: "user-1", scopes }, "10.0.0.1").bucket).toMatch(
      /^oauth:[0-9a-f]{32}$/,
    );
    expect(partitionOf(null, "203.0.113.9")).toEqual({ kind: "anonymous", bucket: "ip:203.0.113.9" });
    expect(addressPrefix("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressPrefix("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressPrefix("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressPrefix("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressPrefix("::1")).toBe("0:0:0:0::/64");
  });
});
