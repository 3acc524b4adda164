/**
 * Each surface counts its own requests: a route under its pattern (HEAD beside GET), a request no route matched as
 * "(no route)" of the surface whose not-found handler answered it (a 405 included), and the tool endpoint by
 * JSON-RPC method.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { buildAllInOne } from "../../app/all-in-one.js";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { loadConfig } from "../../lib/config/config.js";
import { readershipByItem } from "../../lib/usage/readership.js";
import { createUsageRecorder, type UsageRecorder } from "../../lib/usage/usage-recorder.js";
import { usageByRoute } from "../../lib/usage/usage-reads.js";
import { fillReportsDataset, TODAY_NOW } from "../fixtures/reports-dataset.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

let db: TestDatabase;
let app: FastifyInstance;
let usage: UsageRecorder;
let headers: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "usage_surfaces");
  await fillReportsDataset(db.owner);
  const { key } = await mintKey(db.owner, { name: "reader", scopes: ["reports:read", "viewer:read"] });
  headers = { "x-api-key": key };
  const config = loadConfig({ LOG_LEVEL: "silent", READ_CACHE_BYTES: "0" });
  usage = createUsageRecorder({ pool: db.owner, flushMs: 0 });
  app = await buildAllInOne({ config, db, now: () => TODAY_NOW, usage: () => usage });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

it("counts every request once, on the surface that answered it", async () => {
  const statuses = [];
  for (const [method, url] of [
    ["GET", "/api/v1/reports/daily/2026-03-03"],
    ["HEAD", "/api/v1/reports/daily/2026-03-03"],
    ["GET", "/api/v1/no-such-route"],
    ["GET", "/nowhere"],
    ["GET", "/api/contract"],
    ["GET", "/api/mcp"],
    ["GET", "/api/mcp/no-such-route"],
  ] as const)
    statuses.push((await app.inject({ method, url, headers })).statusCode);
  const list = await app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" },
    payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  statuses.push(list.statusCode);
  expect(statuses).toEqual([200, 200, 404, 404, 200, 405, 404, 200]);
  await usage.flush();

  const routes = await usageByRoute(db.owner, { days: 1, now: TODAY_NOW });
  const byName = (a: { surface: string; route: string }, b: { surface: string; route: string }) =>
    `${a.surface} ${a.route}`.localeCompare(`${b.surface} ${b.route}`);
  expect(routes.sort(byName)).toEqual([
    // GET /api/mcp (405) and an unknown path under it: both answered by the endpoint's not-found handler.
    { surface: "mcp", route: "(no route)", requests: 2, refused: 0, failed: 0 },
    { surface: "mcp", route: "tools/list", requests: 1, refused: 0, failed: 0 },
    { surface: "other", route: "(no route)", requests: 1, refused: 0, failed: 0 },
    { surface: "other", route: "/api/contract", requests: 1, refused: 0, failed: 0 },
    { surface: "rest", route: "(no route)", requests: 1, refused: 0, failed: 0 },
    { surface: "rest", route: "/api/v1/reports/daily/:date", requests: 2, refused: 0, failed: 0 },
  ]);
  const reads = await readershipByItem(db.owner, { kind: "daily" });
  expect(reads.map((r) => [r.id, r.reads, r.restReads])).toEqual([["2026-03-03", 2, 2]]);
});
