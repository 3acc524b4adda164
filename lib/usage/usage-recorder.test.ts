/**
 * The usage recorder on real PostgreSQL: counts reach the tables on the flush interval and on close, a crash loses
 * only what was counted since the last flush, two recorders (two gateway replicas) add up, and the read functions
 * answer per credential, per route, per refusal reason and per credential's recent activity.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, type Pool } from "../db/pool.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { UsageTallies, type RequestUse } from "./tallies.js";
import { createUsageRecorder } from "./usage-recorder.js";
import { keyActivity, refusalsByReason, usageByCredential, usageByRoute } from "./usage-reads.js";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-03-05T10:30:00Z");

let db: TestDatabase;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "usage");
  pool = createPool(db.ownerUrl, { name: "test-usage", max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const use = (over: Partial<RequestUse> = {}): RequestUse => ({
  at: NOW,
  credential: "key:k1",
  surface: "rest",
  route: "/api/v1/analysts",
  status: 200,
  refusal: "",
  ...over,
});

async function total(credential: string): Promise<number> {
  const { rows } = await db.owner.query(
    "SELECT coalesce(sum(requests), 0)::int AS n FROM usage.requests WHERE credential = $1",
    [credential],
  );
  return rows[0].n;
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("usage recorder", () => {
  it("adds its counts on the flush interval, without being asked", async () => {
    const recorder = createUsageRecorder({ pool, flushMs: 100 });
    for (let i = 0; i < 3; i++) recorder.request(use({ credential: "key:interval" }));
    expect(await total("key:interval")).toBe(0);
    await until(async () => (await total("key:interval")) === 3);
    recorder.request(use({ credential: "key:interval" }));
    await until(async () => (await total("key:interval")) === 4);
    await recorder.close();
  });

  it("flushes what is left on close", async () => {
    const recorder = createUsageRecorder({ pool, flushMs: 3_600_000 });
    recorder.request(use({ credential: "key:close" }));
    recorder.request(use({ credential: "key:close" }));
    expect(await total("key:close")).toBe(0);
    await recorder.close();
    expect(await total("key:close")).toBe(2);
  });

  it("loses, on a crash, only what was counted since the last flush", async () => {
    const recorder = createUsageRecorder({ pool, flushMs: 0 });
    for (let i = 0; i < 5; i++) recorder.request(use({ credential: "key:crash" }));
    await recorder.flush();
    for (let i = 0; i < 2; i++) recorder.request(use({ credential: "key:crash" }));
    // The process dies here: no close, no further flush.
    expect(await total("key:crash")).toBe(5);
  });

  it("adds up the counts of two replicas on the same rows, flushing at once", async () => {
    const a = createUsageRecorder({ pool, flushMs: 0 });
    const b = createUsageRecorder({ pool: db.owner, flushMs: 0 });
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++) {
        a.request(use({ credential: "key:replicas", route: `/r${i}` }));
        b.request(use({ credential: "key:replicas", route: `/r${9 - i}` }));
      }
      a.read({ at: NOW + round, credential: "key:replicas", surface: "rest", kind: "daily", id: "2026-03-03" });
      b.read({ at: NOW - round, credential: "key:replicas", surface: "rest", kind: "daily", id: "2026-03-03" });
      await Promise.all([a.flush(), b.flush()]);
    }
    expect(await total("key:replicas")).toBe(400);
    const { rows } = await db.owner.query(
      "SELECT reads::int, first_read_at::bigint, last_read_at::bigint FROM usage.readership WHERE credential = 'key:replicas'",
    );
    expect(rows).toEqual([{ reads: 40, first_read_at: NOW - 19, last_read_at: NOW + 19 }]);
  });

  it("keeps the counts of a flush the database refused, and writes them with the next one", async () => {
    const impatient = createPool(`${db.ownerUrl}?options=-c%20lock_timeout%3D200`, { name: "test-usage-lock", max: 1 });
    const warnings: string[] = [];
    const recorder = createUsageRecorder({
      pool: impatient,
      flushMs: 0,
      log: { warn: (_f, message) => warnings.push(String(message)), error: () => {} },
    });
    const holder = await db.owner.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE usage.requests IN ACCESS EXCLUSIVE MODE");
      for (let i = 0; i < 3; i++) recorder.request(use({ credential: "key:outage" }));
      await recorder.flush();
      recorder.request(use({ credential: "key:outage" }));
      await recorder.flush();
      await holder.query("COMMIT");
    } finally {
      holder.release();
    }
    expect(await total("key:outage")).toBe(0);
    await recorder.flush();
    expect(await total("key:outage")).toBe(4);
    expect(warnings).toEqual([
      "usage counts could not be written; kept for the next flush",
      "usage counts are written again",
    ]);
    await recorder.close();
    await impatient.end();
  });

  it("drops, with an error line, a flush the database refuses for its data, and goes on with the next", async () => {
    const errors: string[] = [];
    const recorder = createUsageRecorder({
      pool,
      flushMs: 0,
      log: { warn: () => {}, error: (_f, message) => errors.push(String(message)) },
    });
    recorder.request(use({ credential: `key:${"x".repeat(400)}` }));
    recorder.request(use({ credential: "key:after-bad" }));
    await recorder.flush();
    expect(errors).toEqual(["usage counts refused by the database for their data; dropped"]);
    recorder.request(use({ credential: "key:after-bad" }));
    await recorder.flush();
    expect(await total("key:after-bad")).toBe(1);
    await recorder.close();
  });

  it("keeps a snapshot whose write failed for the next flush (tallies restore)", () => {
    const tallies = new UsageTallies();
    tallies.request(use());
    tallies.request(use({ at: NOW + 5 }));
    const failed = tallies.take();
    expect(tallies.empty).toBe(true);
    tallies.request(use({ at: NOW + 9 }));
    tallies.restore(failed);
    expect(tallies.take().requests).toEqual([
      {
        hour: NOW - (NOW % HOUR),
        credential: "key:k1",
        surface: "rest",
        route: "/api/v1/analysts",
        statusClass: "2xx",
        refusal: "",
        requests: 3,
        lastAt: NOW + 9,
      },
    ]);
  });
});

describe("usage read functions", () => {
  const day1 = Date.parse("2026-03-04T23:10:00Z");
  const day2 = Date.parse("2026-03-05T01:20:00Z");
  beforeAll(async () => {
    await db.owner.query("DELETE FROM usage.requests");
    const recorder = createUsageRecorder({ pool, flushMs: 0 });
    recorder.request(use({ at: day1, credential: "key:a" }));
    recorder.request(use({ at: day2, credential: "key:a" }));
    recorder.request(use({ at: day2 + 1, credential: "key:a", route: "/api/v1/reports/daily/:date" }));
    recorder.request(use({ at: day2, credential: "peer:acme", surface: "mcp", route: "reports_daily" }));
    recorder.request(
      use({ at: day2, credential: "key:a", route: "/api/v1/search", status: 403, refusal: "403 missing_scope" }),
    );
    recorder.request(
      use({ at: day1, credential: "anonymous", route: "(no route)", status: 401, refusal: "401 missing_credential" }),
    );
    recorder.request(
      use({ at: day2, credential: "anonymous", route: "(no route)", status: 401, refusal: "401 missing_credential" }),
    );
    recorder.request(use({ at: day2, credential: "key:a", route: "/api/v1/analysts", status: 503 }));
    recorder.request(use({ at: NOW - 10 * 86_400_000, credential: "key:old" }));
    await recorder.close();
  });

  it("answers requests per credential per UTC day, newest day first, then the busiest", async () => {
    expect(await usageByCredential(db.owner, { days: 2, now: NOW })).toEqual([
      { day: "2026-03-05", credential: "key:a", requests: 4, refused: 1, lastAt: day2 + 1 },
      { day: "2026-03-05", credential: "anonymous", requests: 1, refused: 1, lastAt: day2 },
      { day: "2026-03-05", credential: "peer:acme", requests: 1, refused: 0, lastAt: day2 },
      { day: "2026-03-04", credential: "anonymous", requests: 1, refused: 1, lastAt: day1 },
      { day: "2026-03-04", credential: "key:a", requests: 1, refused: 0, lastAt: day1 },
    ]);
    expect((await usageByCredential(db.owner, { days: 1, now: NOW })).map((r) => r.day)).toEqual([
      "2026-03-05",
      "2026-03-05",
      "2026-03-05",
    ]);
    await expect(usageByCredential(db.owner, { days: 0, now: NOW })).rejects.toThrow(/days must be/);
  });

  it("answers requests per route or tool, busiest first, and for one credential", async () => {
    expect(await usageByRoute(db.owner, { days: 7, now: NOW })).toEqual([
      { surface: "rest", route: "/api/v1/analysts", requests: 3, refused: 0, failed: 1 },
      { surface: "rest", route: "(no route)", requests: 2, refused: 2, failed: 0 },
      { surface: "mcp", route: "reports_daily", requests: 1, refused: 0, failed: 0 },
      { surface: "rest", route: "/api/v1/reports/daily/:date", requests: 1, refused: 0, failed: 0 },
      { surface: "rest", route: "/api/v1/search", requests: 1, refused: 1, failed: 0 },
    ]);
    expect(await usageByRoute(db.owner, { days: 7, now: NOW, credential: "peer:acme" })).toEqual([
      { surface: "mcp", route: "reports_daily", requests: 1, refused: 0, failed: 0 },
    ]);
  });

  it("answers refusals by reason", async () => {
    expect(await refusalsByReason(db.owner, { days: 7, now: NOW })).toEqual([
      { reason: "401 missing_credential", requests: 2, lastAt: day2 },
      { reason: "403 missing_scope", requests: 1, lastAt: day2 },
    ]);
  });

  it("answers each credential's last use and its requests in the last 24 hours and 7 days", async () => {
    const later = Date.parse("2026-03-06T00:30:00Z"); // day1's hour (23:00 on the 4th) is more than 24 hours back
    expect(await keyActivity(db.owner, later)).toEqual([
      { credential: "key:a", lastUsedAt: day2 + 1, requests24h: 4, requests7d: 5 },
      { credential: "anonymous", lastUsedAt: day2, requests24h: 1, requests7d: 2 },
      { credential: "peer:acme", lastUsedAt: day2, requests24h: 1, requests7d: 1 },
      { credential: "key:old", lastUsedAt: NOW - 10 * 86_400_000, requests24h: 0, requests7d: 0 },
    ]);
  });
});
