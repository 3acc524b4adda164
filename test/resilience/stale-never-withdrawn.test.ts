/**
 * An item withdrawn before a database outage is never among what the read cache serves stale (issue 25 with the
 * publishing lifecycle): the withdrawal's notification dropped every answer that held it, so during the outage its
 * route answers the withdrawn 404 or a 503, a conditional read with its old ETag is never a 304, and the stale feed is
 * the one computed after the withdrawal.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAllInOne } from "../../app/all-in-one.js";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { loadConfig } from "../../lib/config/config.js";
import { inTransaction } from "../../lib/db/transaction.js";
import { withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { DAILY, fillReportsDataset, TODAY_NOW } from "../fixtures/reports-dataset.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { startRestartablePostgres, type RestartablePostgres } from "./restartable-postgres.js";

let pg: RestartablePostgres;
let db: TestDatabase;
let app: FastifyInstance;
let key: string;
let feedKey: string;

const DAILY_URL = "/api/v1/reports/daily/2026-03-03";
const FEED_URL = "/api/v1/feeds/daily/feed.json";

beforeAll(async () => {
  pg = await startRestartablePostgres();
  db = await createTestDatabase(pg.adminUrl, "stalewithdrawn");
  await fillReportsDataset(db.owner);
  const config = loadConfig({
    LOG_LEVEL: "warn",
    KEY_CACHE_SECONDS: "600",
    RATE_LIMIT_ENABLED: "false",
    READ_CACHE_STALE_IF_ERROR_SECONDS: "30",
  });
  app = await buildAllInOne({ config, db, now: () => TODAY_NOW, logger: false });
  await app.ready();
  key = (await mintKey(db.owner, { name: "stale", scopes: ["reports:read"] })).key;
  feedKey = (await mintKey(db.owner, { name: "stale-feed", scopes: ["feeds:read"] })).key;
}, 120_000);
afterAll(async () => {
  await pg?.start();
  await app?.close();
  await db?.drop();
  await pg?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { "x-api-key": url === FEED_URL ? feedKey : key, ...headers } });

describe("a read during a database outage, after a withdrawal", () => {
  it("never serves the withdrawn item stale: not on its route, not as a 304, not in the feed", async () => {
    await vi.waitUntil(() => app.readCache!.store.live, { timeout: 20_000, interval: 50 });
    const before = await get(DAILY_URL);
    expect([before.statusCode, before.body]).toEqual([200, DAILY.mar03EnFinal.body]);
    const etag = before.headers.etag as string;
    expect((await get(FEED_URL)).body).toContain("/api/v1/reports/daily/2026-03-03");
    expect((await get("/api/v1/latest")).json().daily.work_date).toBe("2026-03-03");

    const daily = withdrawalKind("daily");
    await inTransaction(db.owner, (client) =>
      withdraw(client, daily, daily.itemId(["2026-03-03"]), "wrong figure", { by: "operator:test", at: TODAY_NOW }),
    );
    await app.readCache!.settle();
    // Read once after the withdrawal, so the cache holds the answers computed without the item.
    const feedAfter = await get(FEED_URL);
    expect(JSON.parse(feedAfter.body).items.map((i: { id: string }) => i.id)).not.toContain(
      "http://127.0.0.1:8080/api/v1/reports/daily/2026-03-03",
    );
    const latestAfter = await get("/api/v1/latest");
    expect(latestAfter.json().daily.work_date).toBe("2026-03-02");

    await pg.stop();
    await vi.waitUntil(() => !app.readCache!.store.live, { timeout: 20_000, interval: 50 });

    const during = await get(DAILY_URL);
    expect(during.statusCode === 404 || during.statusCode === 503).toBe(true);
    expect(during.body).not.toContain("Markets were mixed");
    const conditional = await get(DAILY_URL, { "if-none-match": etag });
    expect(conditional.statusCode === 404 || conditional.statusCode === 503).toBe(true);
    const staleFeed = await get(FEED_URL);
    expect([staleFeed.statusCode, staleFeed.body]).toEqual([200, feedAfter.body]);
    expect(Number(staleFeed.headers.age)).toBeGreaterThanOrEqual(0);
    // /latest is computed per request (its generated_at), so the outage refuses it rather than serve the old one.
    const latest = await get("/api/v1/latest");
    expect([latest.statusCode, latest.json().error]).toEqual([503, expect.stringMatching(/^database unavailable/)]);
  }, 120_000);
});
