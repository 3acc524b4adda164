/**
 * Reads ride out a database outage (issue 25): with PostgreSQL stopped (a server of this test's own), an answer the
 * read cache held a moment before is served stale with `Age`, logged and counted as stale, for at most
 * READ_CACHE_STALE_IF_ERROR_SECONDS; anything it does not hold answers 503 with Retry-After as before. Once the
 * database is back, the cache catches up on the data versions before it serves anything as fresh: a change made
 * while nobody listened is never served from the cache.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAllInOne } from "../../app/all-in-one.js";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { loadConfig } from "../../lib/config/config.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { fillAnalysts } from "../mcp/harness.js";
import { startRestartablePostgres, type RestartablePostgres } from "./restartable-postgres.js";

let pg: RestartablePostgres;
let db: TestDatabase;
let app: FastifyInstance;
let key: string;
const logged: Array<Record<string, unknown>> = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  pg = await startRestartablePostgres();
  db = await createTestDatabase(pg.adminUrl, "staleiferror");
  await fillAnalysts(db);
  const config = loadConfig({
    LOG_LEVEL: "warn",
    KEY_CACHE_SECONDS: "600",
    RATE_LIMIT_ENABLED: "false",
    READ_CACHE_STALE_IF_ERROR_SECONDS: "4",
  });
  const stream = { write: (line: string) => void logged.push(JSON.parse(line)) };
  app = await buildAllInOne({ config, db, logger: { level: "warn", stream } });
  await app.ready();
  key = (await mintKey(db.owner, { name: "stale", scopes: ["analysts:read", "viewer:read"] })).key;
}, 120_000);
afterAll(async () => {
  await pg?.start();
  await app?.close();
  await db?.drop();
  await pg?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { "x-api-key": key, ...headers } });
const listTool = () =>
  app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "analysts_list", arguments: {} } },
  });
async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe("a read during a database outage", () => {
  it("is served stale from the read cache with Age for the bounded time, then 503; a change while nobody listened is caught up", async () => {
    const fresh = await get("/api/v1/analysts");
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().analysts.map((a: { id: string }) => a.id)).toEqual(["a-alpha", "a-beta"]);
    const tool = await listTool();
    expect(tool.json().result.structuredContent.count).toBe(2);
    expect(app.readCache!.store.stats()).toMatchObject({ entries: 2, stale: 0 });

    await pg.stop();
    await until(async () => !app.readCache!.store.live, "the cache to hear the outage");
    await sleep(1100);
    const stale = await get("/api/v1/analysts");
    expect([stale.statusCode, stale.body]).toEqual([200, fresh.body]);
    expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(1);
    expect(stale.headers["retry-after"]).toBeUndefined();
    expect([stale.headers.etag, stale.headers["content-type"]]).toEqual([
      fresh.headers.etag,
      fresh.headers["content-type"],
    ]);
    // A conditional read of it is a 304, as it would be fresh.
    expect((await get("/api/v1/analysts", { "if-none-match": fresh.headers.etag as string })).statusCode).toBe(304);
    // The tool call's result too, marked stale in its _meta.
    const staleTool = (await listTool()).json();
    expect(staleTool.result.structuredContent).toEqual(tool.json().result.structuredContent);
    expect(staleTool.result._meta).toMatchObject({ stale: true });
    // What the cache does not hold is refused as before.
    const uncached = await get("/api/v1/analysts/a-alpha");
    expect([uncached.statusCode, Number(uncached.headers["retry-after"]) > 0]).toEqual([503, true]);
    expect(uncached.json().error).toMatch(/^database unavailable/);
    // Marked stale in the log and in the metrics (read_cache_stale_served).
    expect(logged.filter((l) => l.readCache === "stale").length).toBe(3);
    expect(app.readCache!.store.stats().stale).toBe(3);

    // Past READ_CACHE_STALE_IF_ERROR_SECONDS (4 s here) the stale answer is no longer served.
    await sleep(3500);
    const late = await get("/api/v1/analysts");
    expect([late.statusCode, late.json().error]).toEqual([503, expect.stringMatching(/^database unavailable/)]);

    await pg.start();
    // Written before the cache listens again (its reconnection backs off): no notification reaches it.
    await db.owner.query("UPDATE catalog.analysts SET name_en = 'Alpha renamed' WHERE analyst_id = 'a-alpha'");
    await until(async () => app.readCache!.store.live, "the cache to listen again");
    const after = await get("/api/v1/analysts");
    expect(after.statusCode).toBe(200);
    expect(after.json().analysts[0].name_en).toBe("Alpha renamed");
  }, 120_000);
});
