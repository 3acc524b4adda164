/**
 * Usage and readership counted by real gateways over real PostgreSQL: a report read through REST and through a tool
 * (or a resource) is one item in readership, refusals are counted by reason, routes and tools by name, two gateway
 * replicas add up, and no table ever holds a key, a peer key or a digest of one.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildAllInOne } from "../../app/all-in-one.js";
import { loadConfig } from "../../lib/config/config.js";
import { createUsageRecorder, type UsageRecorder } from "../../lib/usage/usage-recorder.js";
import { readershipByItem, readershipCsv } from "../../lib/usage/readership.js";
import { refusalsByReason, usageByCredential, usageByRoute } from "../../lib/usage/usage-reads.js";
import { fillReportsDataset, TODAY_NOW } from "../fixtures/reports-dataset.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { newKey, sha256, writePeersFile } from "../mcp/harness.js";
import { mintKey } from "../../gateway/auth/key-admin.js";

let db: TestDatabase;
let peers: ReturnType<typeof writePeersFile>;
const peerKey = newKey("acme");
const gateways: Array<{ app: FastifyInstance; usage: UsageRecorder }> = [];
let reader: { keyId: string; key: string };
let viewer: { keyId: string; key: string };
let narrow: { keyId: string; key: string };

async function startGateway() {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    KEY_CACHE_SECONDS: "0",
    READ_CACHE_BYTES: "0",
    PEERS_FILE: peers.file,
    AUTH_FAILURE_PER_MINUTE: "1",
    AUTH_FAILURE_BURST: "2",
    AUTH_FAILURE_HOLD_MS: "0",
  });
  const usage = createUsageRecorder({ pool: db.owner, flushMs: 0 });
  const app = await buildAllInOne({ config, db, now: () => TODAY_NOW, usage: () => usage });
  await app.ready();
  gateways.push({ app, usage });
  return { app, usage };
}

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "usage_gw");
  await fillReportsDataset(db.owner);
  peers = writePeersFile([{ id: "acme", keys: [peerKey] }]);
  reader = await mintKey(db.owner, { name: "reader", scopes: ["reports:read"] });
  viewer = await mintKey(db.owner, { name: "viewer", scopes: ["viewer:read"] });
  narrow = await mintKey(db.owner, { name: "narrow", scopes: ["analysts:read"] });
});
afterAll(async () => {
  for (const g of gateways) await g.app.close();
  peers?.remove();
  await db?.drop();
});

const rpc = (app: FastifyInstance, headers: Record<string, string>, method: string, params: unknown) =>
  app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", ...headers },
    payload: { jsonrpc: "2.0", id: 1, method, params },
  });

describe("usage counted by the gateway", () => {
  let app: FastifyInstance;
  let usage: UsageRecorder;
  beforeAll(async () => {
    ({ app, usage } = await startGateway());
    const key = { "x-api-key": reader.key };
    expect((await app.inject({ url: "/api/v1/reports/daily/2026-03-03", headers: key })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/v1/reports/daily/2026-03-03?lang=zh", headers: key })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/v1/reports/weekly/2026-03-04/chen-yu", headers: key })).statusCode).toBe(200);
    // Not found: a request, but no read.
    expect((await app.inject({ url: "/api/v1/reports/daily/2026-03-05", headers: key })).statusCode).toBe(404);
    const tool = await rpc(app, { "x-api-key": viewer.key }, "tools/call", {
      name: "reports_daily",
      arguments: { date: "2026-03-03" },
    });
    expect(tool.json().result.isError).toBe(false);
    const weekly = await rpc(app, { "x-api-key": viewer.key }, "tools/call", {
      name: "reports_weekly_author",
      arguments: { date: "2026-03-06", analyst_id: "chen-yu" },
    });
    expect(weekly.json().result.isError).toBe(false);
    const resource = await rpc(app, { authorization: `Bearer ${peerKey}` }, "resources/read", {
      uri: "institute://reports/daily/2026-03-03",
    });
    expect(resource.json().result.contents).toHaveLength(1);

    // Refusals.
    expect((await app.inject({ url: "/api/v1/reports/latest" })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/v1/latest", headers: { "x-api-key": "sk_ins_nope" } })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/v1/latest", headers: { "x-api-key": narrow.key } })).statusCode).toBe(403);
    const edge = await app.inject({ url: "/api/v1/latest", headers: { "user-agent": "Python-urllib/3.12" } });
    expect(edge.statusCode).toBe(403);
    const withheld = await rpc(app, { "x-api-key": peerKey }, "tools/call", {
      name: "sessions_workspace_read",
      arguments: {},
    });
    // A tool's own refusal is a result with isError, carrying spec §7.2's error (gateway/mcp/tool-failure.ts).
    expect(withheld.json().result).toMatchObject({ isError: true, error: { data: { code: "withheld_from_peers" } } });
    const flood = { remoteAddress: "10.0.0.9", url: "/api/v1/latest", headers: { "x-api-key": "sk_ins_wrong" } };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject(flood)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    await usage.flush();
  });

  it("counts a report read through REST and through a tool or a resource as reads of one item", async () => {
    expect(await readershipByItem(db.owner, { kind: "daily" })).toEqual([
      {
        kind: "daily",
        id: "2026-03-03",
        credential: `key:${reader.keyId}`,
        reads: 2,
        restReads: 2,
        mcpReads: 0,
        firstReadAt: TODAY_NOW,
        lastReadAt: TODAY_NOW,
      },
      {
        kind: "daily",
        id: "2026-03-03",
        credential: `key:${viewer.keyId}`,
        reads: 1,
        restReads: 0,
        mcpReads: 1,
        firstReadAt: TODAY_NOW,
        lastReadAt: TODAY_NOW,
      },
      {
        kind: "daily",
        id: "2026-03-03",
        credential: "peer:acme",
        reads: 1,
        restReads: 0,
        mcpReads: 1,
        firstReadAt: TODAY_NOW,
        lastReadAt: TODAY_NOW,
      },
    ]);
    // Any date of the week reads the week's report: one item, named by its Monday.
    const byCredential = (a: { credential: string }, b: { credential: string }) =>
      a.credential.localeCompare(b.credential);
    const weekly = (await readershipByItem(db.owner, { kind: "weekly" })).sort(byCredential);
    const expected = [
      ["2026-03-02/chen-yu", `key:${reader.keyId}`, 1, 0],
      ["2026-03-02/chen-yu", `key:${viewer.keyId}`, 0, 1],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(weekly.map((r) => [r.id, r.credential, r.restReads, r.mcpReads])).toEqual(expected);
    const at = "2026-03-05T02:00:00.000Z";
    expect(readershipCsv(weekly).split("\r\n")).toEqual([
      "item_kind,item_id,credential,reads,rest_reads,mcp_reads,first_read_at,last_read_at",
      ...expected.map(([id, credential, rest, mcp]) => `weekly,${id},${credential},1,${rest},${mcp},${at},${at}`),
      "",
    ]);
  });

  it("counts refusals by reason", async () => {
    expect(await refusalsByReason(db.owner, { days: 1, now: TODAY_NOW })).toEqual([
      { reason: "401 invalid_credential", requests: 3, lastAt: TODAY_NOW },
      { reason: "401 missing_credential", requests: 1, lastAt: TODAY_NOW },
      { reason: "403 edge_filter", requests: 1, lastAt: TODAY_NOW },
      { reason: "403 missing_scope", requests: 1, lastAt: TODAY_NOW },
      { reason: "429 auth_failures", requests: 1, lastAt: TODAY_NOW },
      { reason: "tool withheld_from_peers", requests: 1, lastAt: TODAY_NOW },
    ]);
  });

  it("counts requests per route pattern and per tool, and per credential per day", async () => {
    const routes = await usageByRoute(db.owner, { days: 1, now: TODAY_NOW });
    expect(routes.filter((r) => r.surface === "mcp")).toEqual([
      { surface: "mcp", route: "reports_daily", requests: 1, refused: 0, failed: 0 },
      { surface: "mcp", route: "reports_weekly_author", requests: 1, refused: 0, failed: 0 },
      { surface: "mcp", route: "resources/read", requests: 1, refused: 0, failed: 0 },
      { surface: "mcp", route: "sessions_workspace_read", requests: 1, refused: 1, failed: 0 },
    ]);
    expect(routes.find((r) => r.route === "/api/v1/reports/daily/:date")).toEqual({
      surface: "rest",
      route: "/api/v1/reports/daily/:date",
      requests: 3,
      refused: 0,
      failed: 0,
    });
    const days = await usageByCredential(db.owner, { days: 1, now: TODAY_NOW });
    expect(days.find((d) => d.credential === `key:${reader.keyId}`)).toEqual({
      day: "2026-03-05",
      credential: `key:${reader.keyId}`,
      requests: 4,
      refused: 0,
      lastAt: TODAY_NOW,
    });
    expect(days.find((d) => d.credential === "anonymous")?.refused).toBe(6);
  });

  it("adds up what two gateway replicas counted", async () => {
    const second = await startGateway();
    const before = (await readershipByItem(db.owner, { kind: "daily", credential: `key:${reader.keyId}` }))[0]!.reads;
    const url = "/api/v1/reports/daily/2026-03-03";
    for (let i = 0; i < 3; i++) await app.inject({ url, headers: { "x-api-key": reader.key } });
    for (let i = 0; i < 4; i++) await second.app.inject({ url, headers: { "x-api-key": reader.key } });
    await Promise.all([usage.flush(), second.usage.flush()]);
    const after = (await readershipByItem(db.owner, { kind: "daily", credential: `key:${reader.keyId}` }))[0]!.reads;
    expect(after - before).toBe(7);
  });

  it("flushes on close", async () => {
    const third = await startGateway();
    await third.app.inject({ url: "/api/v1/reports/weekly/2026-03-08/ana-m", headers: { "x-api-key": reader.key } });
    expect(await readershipByItem(db.owner, { kind: "weekly", id: "2026-03-02/ana-m" })).toEqual([]);
    await third.app.close();
    gateways.splice(gateways.indexOf(third), 1);
    expect((await readershipByItem(db.owner, { kind: "weekly", id: "2026-03-02/ana-m" }))[0]?.reads).toBe(1);
  });

  it("never writes a key, a peer key or a digest of one into any usage table", async () => {
    const secrets = [reader.key, viewer.key, narrow.key, peerKey, "sk_ins_nope", "sk_ins_wrong"];
    const forbidden = [...secrets, ...secrets.map(sha256), "sk_ins_"];
    for (const table of ["usage.requests", "usage.readership", "usage.imports"]) {
      const { rows } = await db.owner.query(`SELECT t::text AS row FROM ${table} t`);
      for (const { row } of rows) for (const s of forbidden) expect(row).not.toContain(s);
    }
  });
});
