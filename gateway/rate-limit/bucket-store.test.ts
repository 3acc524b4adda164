/** The shared buckets on real PostgreSQL: exact under concurrency across pools, the database's clock, the sweep. */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, type Pool } from "../../lib/db/pool.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { createBucketStore } from "./bucket-store.js";

let db: TestDatabase;
let other: Pool;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  // A second pool on the same database stands for a second gateway replica.
  other = createPool(db.ownerUrl, { name: "test-replica-2", max: 8 });
});
afterAll(async () => {
  await other?.end();
  await db?.drop();
});

describe("the bucket store", () => {
  it("lets exactly the capacity through when two replicas race for one bucket", async () => {
    let now = 1_000_000;
    const a = createBucketStore(db.owner, { now: () => now });
    const b = createBucketStore(other, { now: () => now });
    const takes = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take("key:race", 1000, 25)));
    expect(takes.filter((t) => t.taken !== null)).toHaveLength(25);
    const refused = takes.filter((t) => t.taken === null);
    expect(refused).toHaveLength(35);
    // A refusal writes nothing and reports the bucket as its statement saw it: under this race possibly a little
    // behind (so Retry-After may come early, never late), never ahead of the full bucket, 25 intervals on.
    for (const t of refused) expect(t.current === null || t.current <= now + 25_000).toBe(true);
    expect((await a.take("key:race", 1000, 25)).current).toBe(now + 25_000);
    const { rows } = await db.owner.query("SELECT tat FROM auth.rate_limits WHERE bucket = 'key:race'");
    expect(rows).toEqual([{ tat: now + 25_000 }]);
    // One interval later, exactly one more fits.
    now += 1000;
    expect((await b.take("key:race", 1000, 25)).taken).toBe(now + 25_000);
    expect((await a.take("key:race", 1000, 25)).taken).toBeNull();
  });

  it("keeps buckets apart", async () => {
    const store = createBucketStore(db.owner, { now: () => 5_000 });
    expect((await store.take("key:one", 1000, 1)).taken).toBe(6_000);
    expect((await store.take("key:one", 1000, 1)).taken).toBeNull();
    expect((await store.take("key:two", 1000, 1)).taken).toBe(6_000);
  });

  it("uses the database's clock when none is injected", async () => {
    const before = Date.now();
    const take = await createBucketStore(db.owner).take("ip:192.0.2.1", 100, 10);
    expect(take.now).toBeGreaterThan(before - 60_000);
    expect(take.now).toBeLessThan(Date.now() + 60_000);
    expect(take.taken! - take.now).toBeCloseTo(100, 3);
  });

  it("sweeps only buckets that are full again", async () => {
    let now = 10_000_000;
    const store = createBucketStore(db.owner, { now: () => now });
    await store.take("key:sweep-old", 1000, 5);
    now += 500;
    await store.take("key:sweep-new", 1000, 5);
    now += 600; // the first bucket's tat has passed, the second's not
    await store.sweep();
    const { rows } = await db.owner.query("SELECT bucket FROM auth.rate_limits WHERE bucket LIKE 'key:sweep-%'");
    expect(rows).toEqual([{ bucket: "key:sweep-new" }]);
  });
});
