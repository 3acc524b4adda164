/**
 * Cached answers are the answers: over the demo dataset, every sample REST request and tool call is asked of a
 * gateway with the read cache twice (a miss, then a hit) and of a replica with it off, and the three answers must
 * be byte for byte the same (status, body, ETag, Content-Type, Cache-Control, Last-Modified), 304s included. What
 * must not be cached never is, and the scope check runs before the cache.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../demo-data/index.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { TOOLS } from "../mcp/tools/index.js";
import { restRequests, sampleIds, toolArguments, type SampleIds } from "../../test/cluster/sample-requests.js";
import { readCacheLive, startReplica, startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

const AS_OF = Date.parse("2026-11-20T10:00:00Z");
const now = () => AS_OF;

let gw: TestGateway;
let uncached: FastifyInstance;
let key: string;
let ids: SampleIds;

beforeAll(async () => {
  gw = await startTestGateway({
    now,
    fill: async (db) => void (await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF })),
  });
  uncached = await startReplica(gw, { now, env: { READ_CACHE_BYTES: "0" } });
  key = await gw.key([...ALL_SCOPES, "viewer:read", "sessions:read", "mailbox:read", "events:read"]);
  ids = await sampleIds(gw.db.owner);
  await readCacheLive(gw.app);
}, 180_000);
afterAll(async () => {
  await uncached?.close();
  await gw?.close();
});

const stats = () => gw.app.readCache!.store.stats();

const SAME = ["etag", "content-type", "cache-control", "last-modified", "x-content-type-options"];
const answer = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: res.body,
  headers: Object.fromEntries(SAME.map((h) => [h, res.headers[h]])),
  length: res.headers["content-length"],
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { "x-api-key": key, ...headers } });

/** Answers the spec or the data's nature keeps out of the cache (service-kinds.ts says why each). */
const NEVER_CACHED_ROUTES = [
  "/api/v1/meta",
  "/api/v1/reports/fleet-health/latest",
  "/api/v1/latest",
  "/api/v1/whiteboard/similarity-log",
  "/api/v1/factcards/{factCardId}/similar",
  // Read from the change log on each request, up to the horizon of that moment (docs/lifecycle.md).
  "/api/v1/changes",
];
const NEVER_CACHED_TOOLS = [
  "whiteboard_similarity_log",
  "reports_fleet_health",
  "reports_latest",
  "search_artifacts",
  "factcards_similar",
  "research_queue_pulse",
  "coverage_artifacts",
  // The change feed reads the change log itself, not a service: nothing is recorded to cache it by.
  "changes_since",
];

describe("REST answers from the read cache", () => {
  it("are byte-identical to the answer computed without it, for every sample GET; conditional GETs too", async () => {
    const gets = restRequests(ids).filter((r) => r.method === "GET");
    let cacheable = 0;
    for (const { url, route } of gets) {
      const reference = await get(uncached, url);
      const before = stats().hits;
      const miss = await get(gw.app, url);
      const hit = await get(gw.app, url);
      expect(answer(miss), url).toEqual(answer(reference));
      expect(answer(hit), url).toEqual(answer(reference));
      const served = stats().hits - before;
      if (NEVER_CACHED_ROUTES.includes(route) || reference.statusCode !== 200) {
        expect(served, `${url} must not be served from the cache`).toBe(0);
        continue;
      }
      expect(served, `${url} should be a hit the second time`).toBe(1);
      cacheable++;
      const etag = reference.headers.etag as string;
      for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, "*", '"nope"']) {
        const expected = answer(await get(uncached, url, { "if-none-match": condition }));
        expect(answer(await get(gw.app, url, { "if-none-match": condition })), `${url} ${condition}`).toEqual(expected);
      }
      const lastModified = reference.headers["last-modified"] as string | undefined;
      for (const since of [lastModified, "Thu, 01 Jan 2015 00:00:00 GMT", "not a date"].filter(
        (s): s is string => s !== undefined,
      )) {
        const expected = answer(await get(uncached, url, { "if-modified-since": since }));
        expect(answer(await get(gw.app, url, { "if-modified-since": since })), `${url} since ${since}`).toEqual(
          expected,
        );
      }
    }
    expect(cacheable).toBeGreaterThanOrEqual(20);
  });

  it("checks the scope before the cache: a key without it is refused even when the answer is cached", async () => {
    const url = "/api/v1/portfolios/leaderboard";
    await get(gw.app, url);
    expect((await get(gw.app, url)).statusCode).toBe(200);
    const narrow = await gw.key(["analysts:read"]);
    const before = stats().hits;
    const refused = await gw.app.inject({ url, headers: { "x-api-key": narrow } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "missing scope: portfolios:read",
      required: "portfolios:read",
      granted: ["analysts:read"],
    });
    expect((await gw.app.inject({ url })).statusCode).toBe(401);
    expect(stats().hits).toBe(before);
  });

  it("keeps HEAD and a parameter the schema refuses out of it", async () => {
    const url = "/api/v1/whiteboard/threads?limit=5";
    await get(gw.app, url);
    const before = stats().hits;
    const head = await gw.app.inject({ method: "HEAD", url, headers: { "x-api-key": key } });
    expect([head.statusCode, head.body]).toEqual([200, ""]);
    expect((await get(gw.app, "/api/v1/whiteboard/threads?limit=0")).statusCode).toBe(400);
    expect(stats().hits).toBe(before);
    // Defaults are applied before the key is made: no limit and the default limit are one entry.
    await get(gw.app, "/api/v1/whiteboard/threads");
    expect((await get(gw.app, "/api/v1/whiteboard/threads?limit=50")).statusCode).toBe(200);
    expect(stats().hits).toBe(before + 1);
  });
});

describe("REST answers cut to fields", () => {
  const url = "/api/v1/whiteboard/threads?limit=7";
  const cutUrl = `${url}&fields=board_id,status`;

  it("are their own entries with their own ETags, and never stand for the whole answer", async () => {
    const reference = await get(uncached, url);
    const cutReference = await get(uncached, cutUrl);
    const cut = await get(gw.app, cutUrl);
    expect(answer(cut)).toEqual(answer(cutReference));
    expect(cut.json().threads.length).toBe(7);
    for (const row of cut.json().threads) expect(Object.keys(row)).toEqual(["board_id", "status"]);
    const whole = await get(gw.app, url);
    expect(answer(whole)).toEqual(answer(reference));
    expect(cut.headers.etag).not.toBe(whole.headers.etag);
    const before = stats().hits;
    expect(answer(await get(gw.app, cutUrl))).toEqual(answer(cutReference));
    expect(stats().hits).toBe(before + 1);
    const revalidated = await get(gw.app, cutUrl, { "if-none-match": cut.headers.etag as string });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, ""]);
    expect((await get(gw.app, url, { "if-none-match": cut.headers.etag as string })).statusCode).toBe(200);
  });
});

describe("tool answers from the read cache", () => {
  const call = (app: FastifyInstance, name: string, args: Record<string, unknown>, id: number, apiKey = key) =>
    app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      payload: { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
    });

  it("are byte-identical to the answer computed without it, for every tool an institute key may call", async () => {
    const all = toolArguments(ids);
    let cached = 0;
    for (const tool of TOOLS) {
      if ("party" in tool.grant) continue;
      const args = all[tool.name]!;
      const reference = await call(uncached, tool.name, args, 7);
      const before = stats().hits;
      const miss = await call(gw.app, tool.name, args, 7);
      const hit = await call(gw.app, tool.name, args, 7);
      expect(answer(miss), tool.name).toEqual(answer(reference));
      expect(answer(hit), tool.name).toEqual(answer(reference));
      expect(reference.json().result?.isError, tool.name).toBe(false);
      const served = stats().hits - before;
      if (NEVER_CACHED_TOOLS.includes(tool.name)) {
        expect(served, `${tool.name} must not be served from the cache`).toBe(0);
        continue;
      }
      expect(served, `${tool.name} should be a hit the second time`).toBe(1);
      cached++;
      // The request id is the caller's, hit or not.
      expect((await call(gw.app, tool.name, args, 8)).body).toBe((await call(uncached, tool.name, args, 8)).body);
    }
    expect(cached).toBeGreaterThanOrEqual(40);
  });

  it("refuses a caller without the tool's scope even when the answer is cached", async () => {
    await call(gw.app, "analysts_list", {}, 1);
    const narrow = await gw.key(["events:read"]);
    const refused = await call(gw.app, "analysts_list", {}, 2, narrow);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().result).toMatchObject({ isError: true, error: { data: { category: "auth" } } });
  });

  it("keep the whole answer when a call cuts it to fields: the cut is made after the cache", async () => {
    const args = { limit: 6 };
    const whole = (await call(uncached, "whiteboard_list_threads", args, 3)).body;
    const before = stats().hits;
    const cut = (await call(gw.app, "whiteboard_list_threads", { ...args, fields: ["root_topic"] }, 3)).json();
    const rows = cut.result.structuredContent.threads;
    expect(rows).toEqual(
      JSON.parse(whole).result.structuredContent.threads.map((t: any) => ({ root_topic: t.root_topic })),
    );
    expect((await call(gw.app, "whiteboard_list_threads", args, 3)).body).toBe(whole);
    expect(stats().hits).toBe(before + 1);
  });

  it("keys arguments canonically: the same arguments in another order are one entry", async () => {
    await call(gw.app, "whiteboard_list_threads", { limit: 4, status: "completed" }, 1);
    const before = stats().hits;
    await call(gw.app, "whiteboard_list_threads", { status: "completed", limit: 4 }, 2);
    expect(stats().hits).toBe(before + 1);
  });
});
