import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cosine } from "../../lib/embedding/embedder.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { BASE_TIME, DOCUMENTS, insertDocuments } from "../../test/fixtures/search.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

const embedder = createHashedNgramEmbedder();
let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({
    fill: async (db) => {
      await insertDocuments(db.owner);
      await embedPending(db.owner, embedder);
    },
  });
  key = await gw.key(["search:read"]);
});
afterAll(() => gw?.close());

const post = (body: unknown, options: { apiKey?: string | null; contentType?: string | null; raw?: string } = {}) => {
  const apiKey = options.apiKey === undefined ? key : options.apiKey;
  const contentType = options.contentType === undefined ? "application/json" : options.contentType;
  return gw.app.inject({
    method: "POST",
    url: "/api/v1/search",
    headers: {
      ...(apiKey === null ? {} : { "x-api-key": apiKey }),
      ...(contentType === null ? {} : { "content-type": contentType }),
    },
    payload: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
};

describe("POST /api/v1/search", () => {
  it("answers the best matches, highest score first, with every field of SearchMatch", async () => {
    const res = await post({ query: "HBM memory supply for AI accelerators", top_k: 1, mode: "semantic" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = res.json();
    const [q, d] = await embedder.embed([
      "HBM memory supply for AI accelerators",
      "HBM supply stays tight\n\nHigh-bandwidth memory remains sold out; SK Hynix and Samsung convert DRAM capacity to HBM for AI accelerators.",
    ]);
    // The cosine, from the index's half-precision copy of the document's vector: to four decimals.
    expect(body.results[0].score).toBeCloseTo(cosine(q!, d!), 4);
    expect(body).toEqual({
      query: "HBM memory supply for AI accelerators",
      search_ready: true,
      results: [
        {
          score: body.results[0].score,
          session_id: "s-chips-1",
          path: "reports/semis-analyst/4.md",
          title: "HBM supply stays tight",
          excerpt:
            "High-bandwidth memory remains sold out; SK Hynix and Samsung convert DRAM capacity to HBM for AI accelerators.",
          archived_at: BASE_TIME + 4 * 60_000,
          highlights: [
            { start: 15, end: 21, term: "memori" },
            { start: 86, end: 89, term: "hbm" },
            { start: 94, end: 96, term: "ai" },
            { start: 97, end: 109, term: "acceler" },
          ],
          match: "semantic",
          explain: null,
        },
      ],
    });
  });

  it("ranks hybrid by default, filters, and explains each ranking's place on request", async () => {
    const body = (
      await post({
        query: "Brent crude",
        kinds: ["reports/"],
        lang: "en",
        archived_after: "2026-11-20",
        archived_before: BASE_TIME + 7 * 60_000,
        explain: true,
      })
    ).json();
    // Semantic ranks every English report archived in the window; the one naming Brent comes first.
    expect(body.results.map((r: { title: string }) => r.title).sort()).toEqual(
      DOCUMENTS.slice(0, 6)
        .map((d) => d.title)
        .sort(),
    );
    expect(body.results[0]).toMatchObject({
      title: "OPEC+ supply and Brent",
      match: "both",
      highlights: [
        { start: 33, end: 38, term: "brent" },
        { start: 39, end: 44, term: "crude" },
      ],
      explain: {
        keyword: { rank: 1, score: expect.any(Number) },
        semantic: { rank: 1, score: expect.any(Number) },
        bridge: null,
        rrf_k: 60,
      },
    });
    const later = (await post({ query: "Brent crude", lang: "en", archived_after: BASE_TIME + 7 * 60_000 })).json();
    expect(later.results.map((r: { title: string }) => r.title)).toEqual(["USD/SGD and the S$NEER band"]);
  });

  it("searches Chinese text and scopes by analyst_id and session_id", async () => {
    const zh = (await post({ query: "欧佩克减产 原油价格", top_k: 2 })).json();
    expect(zh.results[0].title).toBe("欧佩克+减产与布伦特原油");
    const scoped = (
      await post({ query: "anything at all", analyst_id: "energy-analyst", session_id: "s-oil-1" })
    ).json();
    expect(scoped.results.map((r: { title: string }) => r.title).sort()).toEqual([
      "OPEC+ supply and Brent",
      "欧佩克+减产与布伦特原油",
    ]);
  });

  it("returns at most top_k results, 8 by default, highest score first", async () => {
    const all = (await post({ query: "rates and yields" })).json();
    expect(all.results).toHaveLength(8);
    const scores = all.results.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect((await post({ query: "rates and yields", top_k: 12 })).json().results).toHaveLength(10);
  });

  it("counts the query in characters: 500 Chinese characters or emoji pass, 501 do not", async () => {
    expect((await post({ query: "债".repeat(500) })).statusCode).toBe(200);
    expect((await post({ query: "📈".repeat(500) })).statusCode).toBe(200);
    const long = await post({ query: "债".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: "invalid body field 'query': must NOT have more than 500 characters" });
  });

  it.each([
    [{}, "missing body field 'query'"],
    [{ query: "" }, "invalid body field 'query': must NOT have fewer than 1 characters"],
    [{ query: 42 }, "invalid body field 'query': must be string"],
    [{ query: ["rates"] }, "invalid body field 'query': must be string"],
    [{ query: "rates", top_k: "5" }, "invalid body field 'top_k': must be integer"],
    [{ query: "rates", top_k: 2.5 }, "invalid body field 'top_k': must be integer"],
    [{ query: "rates", top_k: 0 }, "invalid body field 'top_k': must be >= 1"],
    [{ query: "rates", top_k: 13 }, "invalid body field 'top_k': must be <= 12"],
    [{ query: "rates", top_k: null }, "invalid body field 'top_k': must be integer"],
    [{ query: "rates", analyst_id: 7 }, "invalid body field 'analyst_id': must be string"],
    [{ query: "rates", session_id: "" }, "invalid body field 'session_id': must NOT have fewer than 1 characters"],
    [{ query: "rates", analyst_id: null }, "invalid body field 'analyst_id': must be string"],
    [{ query: "rates", limit: 3 }, "unknown body field 'limit'"],
    [{ query: "rates", mode: "fuzzy" }, "invalid body field 'mode': must be one of hybrid, keyword, semantic"],
    [{ query: "rates", lang: "fr" }, "invalid body field 'lang': must be one of en, zh, plain"],
    [{ query: "rates", kinds: "notes" }, "invalid body field 'kinds': must be array"],
    [{ query: "rates", kinds: [] }, "invalid body field 'kinds': must NOT have fewer than 1 items"],
    [{ query: "rates", kinds: [""] }, "invalid body field 'kinds.0': must NOT have fewer than 1 characters"],
    [
      { query: "rates", archived_after: "last week" },
      "invalid body field 'archived_after': must match pattern \"^\\d{4}-\\d{2}-\\d{2}$\"",
    ],
    [
      { query: "rates", archived_after: "2026-02-30" },
      'archived_after must be epoch milliseconds or a date YYYY-MM-DD, got "2026-02-30"',
    ],
    [{ query: "rates", archived_before: -1 }, "invalid body field 'archived_before': must be >= 0"],
    [{ query: "rates", archived_before: 1.5 }, "invalid body field 'archived_before': must be integer,string"],
    [{ query: "rates", explain: "yes" }, "invalid body field 'explain': must be boolean"],
    [[{ query: "rates" }], "request body must be a JSON object"],
    ["rates", "request body must be a JSON object"],
    [null, "request body must be a JSON object"],
  ])("refuses %j with 400 naming the field", async (body, error) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("refuses a body that is not JSON, or not sent as JSON, with 400", async () => {
    const cases: [Parameters<typeof post>[1], string][] = [
      [
        { raw: '{"query": ', contentType: "application/json" },
        "Body is not valid JSON but content-type is set to 'application/json'",
      ],
      [
        { raw: "", contentType: "application/json" },
        "Body cannot be empty when content-type is set to 'application/json'",
      ],
      [
        { raw: "query=rates", contentType: "application/x-www-form-urlencoded" },
        "request body must be JSON: send it with Content-Type: application/json",
      ],
      [
        { raw: '{"query": "rates"}', contentType: "text/plain" },
        "request body must be JSON: send it with Content-Type: application/json",
      ],
      [
        { raw: '{"query": "rates"}', contentType: null },
        "request body must be JSON: send it with Content-Type: application/json",
      ],
    ];
    for (const [options, error] of cases) {
      const res = await post(undefined, options);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const nothing = await post(undefined, { contentType: null });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ error: "request body must be a JSON object" });
  });

  it("needs a key (401) holding search:read (403) before it looks at the body", async () => {
    const missing = await post({ nonsense: true }, { apiKey: null });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
    expect((await post({ query: "rates" }, { apiKey: "sk_ins_wrong" })).json()).toEqual({ error: "invalid API key" });
    const other = await gw.key(["factcards:read"]);
    const forbidden = await post({ nonsense: true }, { apiKey: other });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: "missing scope: search:read",
      required: "search:read",
      granted: ["factcards:read"],
    });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const res = await gw.app.inject({ url: "/api/v1/search", headers: { "x-api-key": key } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("POST");
  });
});

describe("search without an embedder", () => {
  let down: TestGateway;
  beforeAll(async () => {
    down = await startTestGateway({
      env: { EMBEDDINGS_URL: "http://127.0.0.1:9", EMBEDDINGS_MODEL: "remote-model", EMBEDDINGS_TIMEOUT_MS: "500" },
    });
  });
  afterAll(() => down?.close());

  it("answers 200 with search_ready false and no results, and meta says search is off", async () => {
    const k = await down.key(["search:read"]);
    const res = await down.app.inject({
      method: "POST",
      url: "/api/v1/search",
      headers: { "x-api-key": k },
      payload: { query: "rates" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ query: "rates", search_ready: false, results: [] });
    const meta = (await down.app.inject({ url: "/api/v1/meta" })).json();
    expect(meta.search_enabled).toBe(false);
    expect(meta.storage.vectorize).toBe(false);
  });

  it("is enabled in meta when the embedder and index are ready", async () => {
    const meta = (await gw.app.inject({ url: "/api/v1/meta" })).json();
    expect(meta.search_enabled).toBe(true);
    expect(meta.storage.vectorize).toBe(true);
  });
});
