/**
 * GET /api/v1/changes through the gateway: a first walk from no cursor is a full initial sync in pages; the cursor
 * resumes on any replica; a withdrawal and a reinstatement arrive as changes a mirror applies; a key sees only the
 * kinds its scopes allow; bad input is a 400 naming the parameter.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../lib/db/transaction.js";
import { reinstate, withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { fillReportsDataset, TODAY_NOW } from "../fixtures/reports-dataset.js";
import { startReplica, startTestGateway, type TestGateway } from "../helpers/gateway.js";

let gw: TestGateway;
let replica: FastifyInstance;
let reports: string;
let all: string;

beforeAll(async () => {
  gw = await startTestGateway({ now: () => TODAY_NOW, fill: (db) => fillReportsDataset(db.owner) });
  replica = await startReplica(gw, { now: () => TODAY_NOW });
  [reports, all] = await Promise.all([
    gw.key(["reports:read"]),
    gw.key(["reports:read", "whiteboard:read", "factcards:read"]),
  ]);
}, 120_000);
afterAll(async () => {
  await replica?.close();
  await gw?.close();
});

const get = (url: string, key = reports, app = gw.app) => app.inject({ url, headers: { "x-api-key": key } });

interface Page {
  changes: { kind: string; id: string; change: string; at: number; url: string }[];
  next_cursor: string;
  has_more: boolean;
}

/** Follows the feed to its end from `cursor`, in pages of `limit`, alternating replicas. */
async function follow(cursor: string | undefined, limit: number, key = reports) {
  const changes: Page["changes"] = [];
  for (let i = 0; ; i++) {
    const res = await get(
      `/api/v1/changes?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      key,
      i % 2 ? replica : gw.app,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    changes.push(...page.changes);
    cursor = page.next_cursor;
    if (!page.has_more) return { changes, cursor };
  }
}

describe("GET /api/v1/changes", () => {
  it("starts from the beginning: a first walk in pages lists every daily, weekly and topic, across replicas", async () => {
    const { changes, cursor } = await follow(undefined, 3);
    const keys = changes.map((c) => `${c.kind} ${c.id}`);
    expect(keys).toContain("daily 2026-03-03");
    expect(keys).toContain("weekly 2026-03-02/chen-yu");
    expect(keys).toContain("data-topics 2026-03-05/fx");
    expect(new Set(changes.map((c) => c.change))).toEqual(new Set(["upserted"]));
    const daily = changes.find((c) => c.id === "2026-03-03")!;
    expect(daily).toEqual({
      kind: "daily",
      id: "2026-03-03",
      change: "upserted",
      at: expect.any(Number),
      url: "/api/v1/reports/daily/2026-03-03",
    });
    expect(changes.find((c) => c.kind === "weekly" && c.id === "2026-03-02/chen-yu")!.url).toBe(
      "/api/v1/reports/weekly/2026-03-02/chen-yu",
    );
    // At the end: nothing more until something changes.
    const idle = (await get(`/api/v1/changes?cursor=${cursor}`)).json() as Page;
    expect([idle.changes, idle.has_more, idle.next_cursor]).toEqual([[], false, cursor]);
  });

  it("carries a withdrawal and a reinstatement after the cursor, which a mirror applies", async () => {
    const { cursor } = await follow(undefined, 1000);
    const kind = withdrawalKind("daily");
    const actor = { by: "operator:test", at: TODAY_NOW };
    await inTransaction(gw.db.owner, (c) => withdraw(c, kind, "2026-03-02", "wrong figure", actor));
    const withdrawn = await follow(cursor, 10);
    expect(withdrawn.changes.map((c) => [c.kind, c.id, c.change])).toEqual([["daily", "2026-03-02", "withdrawn"]]);
    expect((await get(withdrawn.changes[0]!.url)).statusCode).toBe(404);
    await inTransaction(gw.db.owner, (c) => reinstate(c, kind, "2026-03-02", actor));
    const back = await follow(withdrawn.cursor, 10);
    expect(back.changes.map((c) => [c.kind, c.id, c.change])).toEqual([["daily", "2026-03-02", "upserted"]]);
    expect((await get(back.changes[0]!.url)).statusCode).toBe(200);
  });

  it("shows a key only the kinds its scopes allow, and filters by kinds", async () => {
    const none = await gw.key(["analysts:read"]);
    const refused = await get("/api/v1/changes", none);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      {
        error: "missing scope: one of factcards:read, reports:read, whiteboard:read",
        required: "factcards:read or reports:read or whiteboard:read",
        granted: ["analysts:read"],
      },
    ]);
    const hidden = await get("/api/v1/changes?kinds=threads");
    expect([hidden.statusCode, hidden.json().error]).toEqual([403, "missing scope: whiteboard:read"]);
    const topics = (await get("/api/v1/changes?kinds=data-topics&limit=1000")).json() as Page;
    expect(new Set(topics.changes.map((c) => c.kind))).toEqual(new Set(["data-topics"]));
    expect((await get("/api/v1/changes?kinds=threads,fact-cards", all)).statusCode).toBe(200);
  });

  it("refuses a cursor it did not give out, a limit out of 1 to 1000 and an unknown kind, naming the parameter", async () => {
    const { next_cursor } = (await get("/api/v1/changes?limit=1")).json() as Page;
    const [body, tag] = next_cursor.split(".") as [string, string];
    const bad = [
      ["cursor=abc", "invalid query parameter 'cursor': not a cursor this service gave out"],
      [
        `cursor=${Buffer.from("1:1").toString("base64url")}.${tag}`,
        "invalid query parameter 'cursor': not a cursor this service gave out",
      ],
      [`cursor=${body}.${tag}x`, "invalid query parameter 'cursor': not a cursor this service gave out"],
    ];
    for (const [query, error] of bad) {
      const res = await get(`/api/v1/changes?${query}`);
      expect([res.statusCode, res.json().error], query).toEqual([400, error]);
    }
    for (const query of ["limit=0", "limit=1001", "limit=1.5", "kinds=pets", "kinds=daily,"]) {
      const res = await get(`/api/v1/changes?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(/^invalid query parameter '(limit|kinds)'/);
    }
    expect((await gw.app.inject({ url: "/api/v1/changes" })).statusCode).toBe(401);
  });
});

/** tools/call with an institute key; the tool's answer (structuredContent) or its failure's error. */
async function callTool(args: Record<string, unknown>, key: string) {
  const res = await gw.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "changes_since", arguments: args } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { result } = res.json() as {
    result: { isError?: boolean; structuredContent: Page & { bound: object }; error?: { message: string } };
  };
  return { failed: result.isError === true, answer: result.structuredContent, error: result.error?.message };
}

describe("the tool changes_since", () => {
  it("gives the same changes as the route for the same key and cursor, page by page, with its bound report", async () => {
    const key = await gw.key(["viewer:read", "reports:read", "whiteboard:read", "factcards:read"]);
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const route = (await get(`/api/v1/changes?limit=4${cursor ? `&cursor=${cursor}` : ""}`, key)).json() as Page;
      const tool = await callTool({ limit: 4, ...(cursor ? { cursor } : {}) }, key);
      expect(tool.failed).toBe(false);
      const { bound, ...answer } = tool.answer;
      expect(answer).toEqual(route);
      expect(bound).toEqual({ limit: 4, returned: route.changes.length, has_more: route.has_more, exact: true });
      pages++;
      // The cursors are the same: one surface's resumes the other's.
      cursor = tool.answer.next_cursor;
      if (!route.has_more) break;
    }
    expect(pages).toBeGreaterThan(1);
    const byKinds = await callTool({ kinds: ["weekly"], limit: 1000 }, key);
    expect(byKinds.answer.changes.length).toBeGreaterThan(0);
    expect(new Set(byKinds.answer.changes.map((c) => c.kind))).toEqual(new Set(["weekly"]));
  });

  it("shows a key the kinds whose tools it may call, refuses one that allows none, and refuses a foreign cursor", async () => {
    const threadsOnly = await gw.key(["whiteboard:read"]);
    const mine = await callTool({ limit: 1000 }, threadsOnly);
    expect(mine.failed).toBe(false);
    expect(mine.answer.changes.every((c) => c.kind === "threads")).toBe(true);
    const hidden = await callTool({ kinds: ["daily"] }, threadsOnly);
    expect([hidden.failed, hidden.error]).toEqual([true, "missing scope: viewer:read"]);
    const none = await callTool({}, reports);
    expect([none.failed, none.error]).toEqual([true, "missing scope: whiteboard:read"]);
    const viewer = await gw.key(["viewer:read"]);
    const foreign = await callTool({ cursor: `${Buffer.from("1:1").toString("base64url")}.abc` }, viewer);
    expect([foreign.failed, foreign.error]).toEqual([
      true,
      "invalid argument 'cursor': not a cursor this service gave out",
    ]);
    const tooMany = await callTool({ limit: 1001 }, viewer);
    expect([tooMany.failed, tooMany.error]).toEqual([true, "invalid argument 'limit': must be <= 1000"]);
  });
});
