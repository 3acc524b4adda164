import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { embedPending } from "../embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { reinstate, withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { startEmbeddingsServer, type EmbeddingsServer } from "../../test/helpers/embeddings-server.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import type { ServiceDeps } from "../deps.js";
import { searchRoutes } from "./routes.js";
import { BASE_TIME, insertDocuments } from "../../test/fixtures/search.js";

let db: TestDatabase;
let client: Client<typeof SearchService>;
let runtime: VectorRuntime;

function serviceOver(vectors: VectorRuntime | undefined): Client<typeof SearchService> {
  const deps: ServiceDeps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: Date.now,
    vectors,
  };
  return createClient(SearchService, createRouterTransport(searchRoutes(deps)));
}

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "search");
  await insertDocuments(db.owner);
  await embedPending(db.owner, createHashedNgramEmbedder());
  runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
  await runtime.start();
  client = serviceOver(runtime);
});
afterAll(async () => {
  await runtime?.stop();
  await db?.drop();
});

const ids = (paths: (string | undefined)[]) => paths.map((p) => p?.replace(/^reports\/[^/]+\/(\d+)\.md$/, "doc-$1"));

describe("SearchService.Search", () => {
  it("ranks English documents for an English query, highest score first, with every field", async () => {
    const res = await client.search({ query: "Fed rate cuts and the Treasury yield curve", topK: 3 });
    expect(res.searchReady).toBe(true);
    expect(res.query).toBe("Fed rate cuts and the Treasury yield curve");
    expect(res.results).toHaveLength(3);
    const first = res.results[0]!;
    expect(first.path).toBe("reports/rates-strategist/1.md");
    expect(first.title).toBe("Fed rate cuts and the yield curve");
    expect(first.sessionId).toBe("s-rates-1");
    expect(first.archivedAt).toBe(BigInt(BASE_TIME + 60_000));
    expect(first.excerpt).toBe(
      "Rates The Federal Reserve's rate cuts flattened the Treasury yield curve as bond yields fell after weak payrolls.",
    );
    const scores = res.results.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("ranks Chinese documents for a Chinese query", async () => {
    const res = await client.search({ query: "美联储降息 收益率曲线", topK: 2 });
    expect(res.results[0]!.title).toBe("美联储降息与收益率曲线");
    const oil = await client.search({ query: "布伦特原油价格", topK: 1 });
    expect(oil.results[0]!.title).toBe("欧佩克+减产与布伦特原油");
  });

  it("returns top_k results (default 8), never more", async () => {
    expect((await client.search({ query: "rates", topK: 0 })).results).toHaveLength(8);
    expect((await client.search({ query: "rates", topK: 12 })).results).toHaveLength(10); // only 10 documents have text
    expect((await client.search({ query: "rates", topK: 1 })).results).toHaveLength(1);
  });

  it("scopes by analyst, by session and by both, returning top_k whenever the scope has that many", async () => {
    const analyst = await client.search({ query: "oil", analystId: "rates-strategist", topK: 8 });
    expect(ids(analyst.results.map((r) => r.path ?? undefined)).sort()).toEqual(["doc-1", "doc-2", "doc-3", "doc-7"]);
    expect((await client.search({ query: "oil", analystId: "rates-strategist", topK: 2 })).results).toHaveLength(2);
    const session = await client.search({ query: "anything", sessionId: "s-rates-1" });
    expect(ids(session.results.map((r) => r.path ?? undefined)).sort()).toEqual(["doc-1", "doc-2", "doc-7"]);
    const both = await client.search({ query: "anything", analystId: "semis-analyst", sessionId: "s-chips-2" });
    expect(both.results.map((r) => r.title)).toEqual(["HBM供给持续紧张"]);
    expect((await client.search({ query: "anything", analystId: "nobody" })).results).toEqual([]);
  });

  it("answers a query with nothing to embed with no results", async () => {
    const res = await client.search({ query: "   ", topK: 5 });
    expect(res.searchReady).toBe(true);
    expect(res.results).toEqual([]);
  });

  it("counts the query in characters: 500 Chinese characters pass, 501 do not", async () => {
    expect((await client.search({ query: "降".repeat(500) })).searchReady).toBe(true);
    await expect(client.search({ query: "降".repeat(501) })).rejects.toThrow(
      "query must be 1 to 500 characters, got 501",
    );
    // Characters, not UTF-16 units: 500 emoji (1,000 units) are a valid query, 501 are not.
    expect((await client.search({ query: "😀".repeat(500) })).searchReady).toBe(true);
    await expect(client.search({ query: "😀".repeat(501) })).rejects.toThrow(
      "query must be 1 to 500 characters, got 501",
    );
    await expect(client.search({ query: "" })).rejects.toThrow("query must be 1 to 500 characters, got 0");
    await expect(client.search({ query: "x", topK: 13 })).rejects.toThrow("top_k must be 1 to 12, got 13");
    await expect(client.search({ query: "x", analystId: "" })).rejects.toThrow(
      "analyst_id must be 1 to 200 characters",
    );
  });

  it("leaves out a document from the search after its withdrawal, in every mode, and shows it again once reinstated", async () => {
    const path = "reports/rates-strategist/1.md";
    const modes = ["hybrid", "keyword", "semantic"] as const;
    const paths = async (mode: (typeof modes)[number]) =>
      (await client.search({ query: "Fed rate cuts and the Treasury yield curve", topK: 3, mode })).results.map(
        (r) => r.path ?? "",
      );
    const before = new Map<string, string[]>();
    for (const mode of modes) before.set(mode, await paths(mode));
    for (const found of before.values()) expect(found[0]).toBe(path);
    const { rows } = await db.owner.query("SELECT doc_id FROM search.documents WHERE path = $1", [path]);
    const documents = withdrawalKind("search-documents");
    const actor = { by: "operator:test", at: BASE_TIME };
    // The first search after each change must see it: no index refresh in between.
    await withdraw(db.owner, documents, rows[0].doc_id, "test", actor);
    try {
      for (const mode of modes) {
        const found = await paths(mode);
        expect(found).not.toContain(path);
        expect(found.slice(0, 2)).toEqual(before.get(mode)!.slice(1));
      }
    } finally {
      await reinstate(db.owner, documents, rows[0].doc_id, actor);
    }
    for (const mode of modes) expect(await paths(mode)).toEqual(before.get(mode));
  });

  it("embeds the query once when a withdrawal since the last search makes it rank again", async () => {
    const builtin = createHashedNgramEmbedder();
    const asked: string[] = [];
    const counted = new VectorRuntime({
      db: db.reader,
      config: { embeddings: null, indexRefreshMs: 0 },
      embedder: { ...builtin, embed: (texts) => (asked.push(...texts), builtin.embed(texts)) },
    });
    await counted.start();
    try {
      const search = serviceOver(counted);
      const query = "Fed rate cuts and the Treasury yield curve";
      const first = await search.search({ query, topK: 3 });
      const path = first.results[0]!.path!;
      const { rows } = await db.owner.query("SELECT doc_id FROM search.documents WHERE path = $1", [path]);
      const documents = withdrawalKind("search-documents");
      const actor = { by: "operator:test", at: BASE_TIME };
      await withdraw(db.owner, documents, rows[0].doc_id, "test", actor);
      try {
        // Ranked first without the withdrawal (the last read's), then again with this search's own read.
        const after = await search.search({ query, topK: 3 });
        expect(after.results.map((r) => r.path)).not.toContain(path);
        expect(asked).toEqual([query, query]);
      } finally {
        await reinstate(db.owner, documents, rows[0].doc_id, actor);
      }
    } finally {
      await counted.stop();
    }
  });

  it("is not ready, with no results, without a vector runtime", async () => {
    const res = await serviceOver(undefined).search({ query: "rates" });
    expect(res.searchReady).toBe(false);
    expect(res.results).toEqual([]);
  });
});

describe("search readiness with an HTTP embedder", () => {
  let server: EmbeddingsServer;
  beforeAll(async () => {
    server = await startEmbeddingsServer(24);
  });
  afterAll(() => server?.close());

  it("is not ready while the endpoint is unreachable, logging the reason once", async () => {
    const warnings: string[] = [];
    const down = new VectorRuntime({
      db: db.reader,
      config: {
        embeddings: {
          url: "http://127.0.0.1:9/v1/embeddings",
          model: "m",
          apiKey: undefined,
          timeoutMs: 500,
          batchSize: 8,
        },
        indexRefreshMs: 0,
      },
      log: { info: () => {}, warn: (m) => warnings.push(m) },
    });
    await down.start();
    const search = serviceOver(down);
    for (let i = 0; i < 3; i++)
      expect(await search.search({ query: "rates" })).toMatchObject({ searchReady: false, results: [] });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^search not ready: no embedder: embeddings endpoint: unreachable/);
    expect(down.searchReady()).toBe(false);
  });

  it("goes not ready when the endpoint starts failing, and ready again when it recovers", async () => {
    const warnings: string[] = [];
    const config = { url: server.url, model: "remote", apiKey: undefined, timeoutMs: 1000, batchSize: 8 };
    const remote = new VectorRuntime({
      db: db.reader,
      config: { embeddings: config, indexRefreshMs: 0 },
      log: { info: () => {}, warn: (m) => warnings.push(m) },
    });
    await remote.start();
    const search = serviceOver(remote);
    expect((await search.search({ query: "rates" })).searchReady).toBe(true);
    expect((await search.search({ query: "rates", mode: "semantic" })).results).toEqual([]); // nothing embedded with "remote" yet
    // Hybrid still ranks by keyword meanwhile, and says so.
    expect((await search.search({ query: "rates" })).results.map((r) => [r.title, r.match])).toEqual([
      ["Fed rate cuts and the yield curve", "keyword"],
    ]);
    server.behave = () => 500;
    expect((await search.search({ query: "rates" })).searchReady).toBe(false);
    expect((await search.search({ query: "rates" })).searchReady).toBe(false);
    expect(warnings).toEqual([
      expect.stringMatching(/^search not ready: embedder failing: embeddings endpoint: HTTP 500/),
    ]);
    expect(remote.searchReady()).toBe(false);
    server.behave = () => undefined;
    await remote.refresh();
    expect(remote.searchReady()).toBe(true);
    expect((await search.search({ query: "rates" })).searchReady).toBe(true);
  });
});
