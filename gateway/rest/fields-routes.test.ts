/**
 * `fields` on the REST surface through app.inject(): a list cut per row with its wrapper whole, a detail cut at its
 * top level and into its cards by a dotted path, the exact 400 for a wrong name (before any service call), an ETag
 * per projection, and the parameter declared on every JSON route of the OpenAPI document and the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD, fillCatalog, FIXED_NOW } from "../../test/fixtures/catalog.js";
import { completed, later } from "../../test/fixtures/whiteboard-expected.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { fieldsQuery } from "../answer-shape/parameters.js";

let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway({ fill: (db) => fillCatalog(db.owner), now: () => FIXED_NOW });
  key = await gw.key(["analysts:read", "whiteboard:read"]);
});
afterAll(() => gw?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url, headers: { "x-api-key": key, ...headers } });

const THREAD_FIELDS =
  "board_id, work_date, root_analyst_id, root_topic, root_question, status, card_count, max_cards, created_at, updated_at";

describe("GET with fields", () => {
  it("cuts each row of a list to the named fields, in the row's order, and keeps count", async () => {
    const res = await get("/api/v1/whiteboard/threads?status=completed&fields=status,board_id,root_topic");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.body).toBe(
      JSON.stringify({
        threads: [later, completed].map(({ board_id, root_topic, status }) => ({ board_id, root_topic, status })),
        count: 2,
      }),
    );
  });

  it("cuts a detail at its top level and into its cards by a dotted path", async () => {
    const res = await get(`/api/v1/whiteboard/threads/${BOARD.completed}?fields=root_topic,cards.card_id`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      root_topic: "Copper supply",
      cards: [{ card_id: "c-full" }, { card_id: "c-plain" }, { card_id: "c-none" }],
    });
  });

  it("takes fields in the query of the search POST, beside its JSON body", async () => {
    const searcher = await gw.key(["search:read"]);
    const res = await gw.app.inject({
      method: "POST",
      url: "/api/v1/search?fields=search_ready,results.title",
      headers: { "x-api-key": searcher, "content-type": "application/json" },
      payload: { query: "copper" },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(["search_ready", "results"]);
    for (const match of res.json().results) expect(Object.keys(match)).toEqual(["title"]);
  });

  it("refuses a name the answer lacks with a 400 naming it and every valid one", async () => {
    const res = await get("/api/v1/whiteboard/threads?fields=board_id,nope");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `invalid query parameter 'fields': unknown field 'nope' in 'fields'; valid fields: ${THREAD_FIELDS}`,
    });
    const empty = await get("/api/v1/analysts?fields=");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/^invalid query parameter 'fields': must NOT have fewer than 1 characters/);
  });

  it("still asks for the scope first: a key without it is 403, whatever fields names", async () => {
    const narrow = await gw.key(["analysts:read"]);
    const res = await gw.app.inject({
      url: "/api/v1/whiteboard/threads?fields=nope",
      headers: { "x-api-key": narrow },
    });
    expect(res.statusCode).toBe(403);
  });

  it("gives each projection its own ETag, revalidated on its own bytes", async () => {
    const whole = await get("/api/v1/analysts");
    const cut = await get("/api/v1/analysts?fields=id");
    const other = await get("/api/v1/analysts?fields=id,name");
    const etags = [whole, cut, other].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);
    expect((await get("/api/v1/analysts?fields=id", { "if-none-match": cut.headers.etag as string })).statusCode).toBe(
      304,
    );
    expect((await get("/api/v1/analysts", { "if-none-match": cut.headers.etag as string })).statusCode).toBe(200);
  });
});

describe("fields in the OpenAPI document and the contract", () => {
  it("is a query parameter of every JSON route under /api/v1 but meta, and of no markdown route", async () => {
    const doc = (await gw.app.inject({ url: "/api/openapi.json" })).json();
    const takes: string[] = [];
    const lacks: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith("/api/v1/")) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        const fields = (op.parameters ?? []).find((p: any) => p.in === "query" && p.name === "fields");
        if (fields) expect(fields.schema, name).toMatchObject({ type: "string", maxLength: fieldsQuery.maxLength });
        const json = op.responses?.["200"]?.content?.["application/json"] !== undefined;
        if (json !== Boolean(fields)) (fields ? takes : lacks).push(name);
      }
    }
    expect(takes).toEqual([]);
    expect(lacks).toEqual(["GET /api/v1/meta", "GET /api/v1/data/{date}/{topic}"]);
  });

  it("is listed among each JSON route's parameters in /api/contract", async () => {
    const contract = (await gw.app.inject({ url: "/api/contract" })).json();
    const threads = contract.rest.find((r: any) => r.path === "/api/v1/whiteboard/threads");
    expect(JSON.stringify(threads.parameters)).toContain('"fields"');
  });
});
