/** Leases of the shared buckets on real PostgreSQL: fewer round trips, never more admitted than the bucket holds. */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, type Pool } from "../../lib/db/pool.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { createBucketStore } from "./bucket-store.js";
import { decide } from "./headers.js";
import { leasedBuckets, leaseSize } from "./leases.js";

let db: TestDatabase;
let other: Pool;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  other = createPool(db.ownerUrl, { name: "test-replica-2", max: 8 });
});
afterAll(async () => {
  await other?.end();
  await db?.drop();
});

const tatOf = async (bucket: string) =>
  (await db.owner.query("SELECT tat FROM auth.rate_limits WHERE bucket = $1", [bucket])).rows[0]?.tat as number;

describe("leased buckets", () => {
  const policy = { name: "institute-key", perMinute: 600, burst: 600 }; // one request per 100 ms
  let now = 50_000_000;
  const clock = () => now;

  it("take a twentieth of the burst in one round trip and hand it out from memory, counting down as before", async () => {
    expect(leaseSize(policy)).toBe(30);
    const buckets = leasedBuckets(createBucketStore(db.owner, { now: clock }), clock);
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) {
      remaining.push(decide(policy, await buckets.take("key:lease", policy)).remaining);
      expect(await tatOf("key:lease")).toBe(now + 30 * 100);
    }
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => 599 - i));
    expect(decide(policy, await buckets.take("key:lease", policy)).remaining).toBe(569);
    expect(await tatOf("key:lease")).toBe(now + 60 * 100);
  });

  it("drop a lease not used up within a second: the next request asks the database", async () => {
    const buckets = leasedBuckets(createBucketStore(db.owner, { now: clock }), clock);
    await buckets.take("key:stale", policy);
    expect(await tatOf("key:stale")).toBe(now + 3_000);
    now += 1_000;
    await buckets.take("key:stale", policy);
    expect(await tatOf("key:stale")).toBe(now - 1_000 + 6_000);
  });

  it("ask for one request at a time once the bucket runs low, and refuse exactly at its end", async () => {
    const small = { name: "institute-key", perMinute: 60, burst: 102 }; // leases of 5: twenty of them leave 2
    const buckets = leasedBuckets(createBucketStore(db.owner, { now: clock }), clock);
    for (let i = 0; i < 100; i++) expect(decide(small, await buckets.take("key:low", small)).allowed).toBe(true);
    for (let i = 0; i < 2; i++) {
      const before = await tatOf("key:low");
      expect(decide(small, await buckets.take("key:low", small)).remaining).toBe(1 - i);
      expect(await tatOf("key:low")).toBe(before + 1_000);
    }
    const refused = decide(small, await buckets.take("key:low", small));
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 });
  });

  it("let concurrent requests of one bucket share one round trip, and its refusal", async () => {
    const tiny = { name: "institute-key", perMinute: 60, burst: 3 };
    const store = createBucketStore(db.owner, { now: clock });
    let roundTrips = 0;
    const buckets = leasedBuckets({ ...store, take: (...args) => (roundTrips++, store.take(...args)) }, clock);
    for (let i = 0; i < 3; i++) await buckets.take("key:shared", tiny);
    roundTrips = 0;
    const refused = await Promise.all(Array.from({ length: 20 }, () => buckets.take("key:shared", tiny)));
    expect(refused.every((t) => t.taken === null)).toBe(true);
    expect(roundTrips).toBe(1);
  });

  it("never let two replicas together admit more than the bucket holds", async () => {
    const small = { name: "institute-key", perMinute: 60, burst: 100 };
    const a = leasedBuckets(createBucketStore(db.owner, { now: clock }), clock);
    const b = leasedBuckets(createBucketStore(other, { now: clock }), clock);
    const takes = await Promise.all(Array.from({ length: 160 }, (_, i) => (i % 2 ? a : b).take("key:race", small)));
    const admitted = takes.filter((t) => t.taken !== null).length;
    expect(admitted).toBeLessThanOrEqual(100);
    // What one replica still holds in its lease when the other runs dry is the most that can go unused.
    expect(admitted).toBeGreaterThanOrEqual(100 - 2 * (leaseSize(small) - 1));
  });
});
