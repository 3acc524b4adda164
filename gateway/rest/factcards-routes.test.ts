import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { DEFAULT_REUSE_POLICY } from "../../lib/reuse-policy.js";
import { BASE_TIME, CLAIMS, insertFactCards } from "../../test/fixtures/factcard.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({
    fill: async (db) => {
      await insertFactCards(db.owner, CLAIMS);
      await embedPending(db.owner, createHashedNgramEmbedder());
    },
  });
  key = await gw.key(["factcards:read"]);
});
afterAll(() => gw?.close());

const get = (url: string, apiKey: string | null = key) =>
  gw.app.inject({ url, headers: apiKey === null ? {} : { "x-api-key": apiKey } });
const ids = (body: { fact_cards: { fact_card_id: string }[] }) => body.fact_cards.map((c) => c.fact_card_id);

const FC_01 = {
  fact_card_id: "fc-01",
  parent_kind: "whiteboard_card",
  parent_id: "card-1",
  parent_session_id: null,
  claim_text: "The Fed cut rates by 25 basis points in September.",
  claim_text_en: "The Fed cut rates by 25 basis points in September.",
  claim_category: "numerical",
  priority: "high",
  status: "completed",
  verdict: "verified",
  found_text: "The FOMC lowered the target range by 25 bp.",
  found_text_en: "The FOMC lowered the target range by 25 bp.",
  source_urls: ["https://example.org/fomc"],
  similar_to_fact_id: null,
  similarity_score: null,
  embedding_status: "done",
  created_at: BASE_TIME + 1_000,
  completed_at: BASE_TIME + 5_000,
  updated_at: BASE_TIME + 5_000,
};

describe("GET /api/v1/factcards", () => {
  it("lists every card newest first with every field, count and a null next_cursor", async () => {
    const res = await get("/api/v1/factcards");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual(["fc-07", "fc-06", "fc-05", "fc-04", "fc-03", "fc-02", "fc-01"]);
    expect(body.count).toBe(7);
    expect(body.next_cursor).toBeNull();
    expect(body.fact_cards[6]).toEqual(FC_01);
    expect(body.fact_cards[1]).toMatchObject({
      fact_card_id: "fc-06",
      embedding_status: "skipped",
      verdict: null,
      source_urls: null,
    });
  });

  it("filters, and pages with next_cursor", async () => {
    expect(ids((await get("/api/v1/factcards?status=completed&claim_category=numerical")).json())).toEqual(["fc-01"]);
    expect(ids((await get("/api/v1/factcards?parent_kind=external&parent_id=feed-9")).json())).toEqual(["fc-06"]);
    expect(ids((await get("/api/v1/factcards?verdict=disputed")).json())).toEqual(["fc-07"]);
    const first = (await get("/api/v1/factcards?limit=4")).json();
    expect(ids(first)).toEqual(["fc-07", "fc-06", "fc-05", "fc-04"]);
    expect(typeof first.next_cursor).toBe("string");
    const second = (await get(`/api/v1/factcards?limit=4&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(ids(second)).toEqual(["fc-03", "fc-02", "fc-01"]);
    expect(second).toMatchObject({ count: 3, next_cursor: null });
  });

  it("refuses a tampered cursor, or one issued for other filters, with 400", async () => {
    const { next_cursor: cursor } = (await get("/api/v1/factcards?limit=2")).json();
    const tampered = cursor.slice(0, -2) + (cursor.endsWith("A") ? "BB" : "AA");
    const bad = await get(`/api/v1/factcards?limit=2&cursor=${encodeURIComponent(tampered)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: "invalid cursor: not a cursor this list issued (pass back next_cursor unchanged)",
    });
    const other = await get(`/api/v1/factcards?limit=2&status=completed&cursor=${encodeURIComponent(cursor)}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      error: "invalid cursor: it was issued for other filters (start again without a cursor)",
    });
  });

  it.each([
    ["limit=0", "invalid query parameter 'limit': must be >= 1"],
    ["limit=201", "invalid query parameter 'limit': must be <= 200"],
    ["limit=ten", "invalid query parameter 'limit': must be integer"],
    ["limit=1.5", "invalid query parameter 'limit': must be integer"],
    [
      "status=done",
      "invalid query parameter 'status': must be one of queued, running, completed, failed, reused, skipped",
    ],
    [
      "parent_kind=card",
      "invalid query parameter 'parent_kind': must be one of whiteboard_card, session_message, external",
    ],
    [
      "claim_category=money",
      "invalid query parameter 'claim_category': must be one of comparison, date, financial, geographic, named_entity, numerical, prose, spec",
    ],
    ["verdict=true", "invalid query parameter 'verdict': must be one of verified, disputed, uncertain, unverifiable"],
    ["cursor=", "invalid query parameter 'cursor': must NOT have fewer than 1 characters"],
    [`cursor=${"x".repeat(1025)}`, "invalid query parameter 'cursor': must NOT have more than 1024 characters"],
    [`parent_id=${"p".repeat(201)}`, "invalid query parameter 'parent_id': must NOT have more than 200 characters"],
  ])("refuses ?%s with 400 naming the parameter", async (query, error) => {
    const res = await get(`/api/v1/factcards?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });
});

describe("GET /api/v1/factcards/{factCardId}", () => {
  it("returns the card", async () => {
    const res = await get("/api/v1/factcards/fc-01");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FC_01);
  });

  it("answers 404 for an unknown card, and 414 for an id longer than the router accepts", async () => {
    const res = await get("/api/v1/factcards/fc-nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "no fact card fc-nope" });
    const long = await get(`/api/v1/factcards/${"f".repeat(201)}`);
    expect(long.statusCode).toBe(414);
    expect(typeof long.json().error).toBe("string");
  });
});

describe("GET /api/v1/factcards/{factCardId}/similar", () => {
  it("returns the neighbours of the card's English claim, itself excluded, with the reuse policy of every category", async () => {
    const res = await get("/api/v1/factcards/fc-01/similar");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fact_card_id).toBe("fc-01");
    expect(body.count).toBe(5);
    expect(body.matches).toHaveLength(5);
    expect(body.matches.map((m: { fact_card_id: string }) => m.fact_card_id)).not.toContain("fc-01");
    expect(body.matches[0]).toEqual({
      fact_card_id: "fc-02",
      score: body.matches[0].score,
      claim_category: "numerical",
      verdict: "verified",
      claim_text_en: "The Federal Reserve cut rates by 25 basis points in September.",
      completed_at: null,
    });
    expect(body.matches[0].score).toBeGreaterThan(0.5);
    expect(body.reuse_policy).toEqual(DEFAULT_REUSE_POLICY);
  });

  it("honours top_k and same_category", async () => {
    expect((await get("/api/v1/factcards/fc-01/similar?top_k=2")).json().count).toBe(2);
    const same = (await get("/api/v1/factcards/fc-01/similar?same_category=1&top_k=20")).json();
    expect(same.matches.map((m: { fact_card_id: string }) => m.fact_card_id)).toEqual(["fc-02"]);
    expect((await get("/api/v1/factcards/fc-01/similar?same_category=0")).json().count).toBe(5);
  });

  it("ranks as search ranks when a mode is given, and exactly as before without one", async () => {
    const ids = (body: { matches: { fact_card_id: string }[] }) => body.matches.map((m) => m.fact_card_id);
    expect(ids((await get("/api/v1/factcards/fc-01/similar?mode=keyword")).json())).toEqual(["fc-02", "fc-07"]);
    const plain = await get("/api/v1/factcards/fc-01/similar");
    expect((await get("/api/v1/factcards/fc-01/similar?mode=semantic")).body).toBe(plain.body);
    expect((await get("/api/v1/factcards/fc-01/similar?mode=hybrid")).json().matches[0]).toMatchObject({
      fact_card_id: "fc-02",
      score: 2 / 61,
    });
  });

  it.each([
    ["top_k=0", "invalid query parameter 'top_k': must be >= 1"],
    ["top_k=21", "invalid query parameter 'top_k': must be <= 20"],
    ["top_k=five", "invalid query parameter 'top_k': must be integer"],
    ["same_category=2", "invalid query parameter 'same_category': must be one of 0, 1"],
    ["same_category=true", "invalid query parameter 'same_category': must be one of 0, 1"],
    ["mode=bm25", "invalid query parameter 'mode': must be one of hybrid, keyword, semantic"],
  ])("refuses ?%s with 400", async (query, error) => {
    const res = await get(`/api/v1/factcards/fc-01/similar?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("answers 404 for an unknown card", async () => {
    const res = await get("/api/v1/factcards/fc-nope/similar");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "no fact card fc-nope" });
  });
});

describe("fact-card routes need factcards:read", () => {
  it.each([
    "/api/v1/factcards",
    "/api/v1/factcards/fc-01",
    "/api/v1/factcards/fc-01/similar",
    "/api/v1/factcards/fc-nope",
  ])("%s: 401 without a key, 403 without the scope", async (url) => {
    const missing = await get(url, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
    const other = await gw.key(["search:read"]);
    const forbidden = await get(url, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: "missing scope: factcards:read",
      required: "factcards:read",
      granted: ["search:read"],
    });
  });
});
