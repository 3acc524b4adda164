/**
 * Each service group keeps only the indexes its services search (GROUP_INDEXES), and answers exactly as a process
 * keeping all of them (the all-in-one) does: over the demo dataset, every search in every mode, filtered or not, in
 * either language (the bilingual bridge learns from documents and fact cards alike), and every similar-facts request
 * in every mode, compared byte for byte.
 */
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FactCardService, ListSimilarFactsResponseSchema } from "../gen/institute/factcard/v1/factcard_pb.js";
import { SearchResponseSchema, SearchService } from "../gen/institute/search/v1/search_pb.js";
import { seedDemoData } from "../demo-data/index.js";
import { loadConfig } from "../lib/config/config.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import { createPostgresObjectStore } from "../lib/object-store/object-store.js";
import { protoToJson } from "../lib/proto-json.js";
import { ALL_INDEXES, type IndexSelection } from "../lib/vector/index-selection.js";
import { VectorRuntime } from "../lib/vector/vector-runtime.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import type { ServiceDeps } from "./deps.js";
import { embedPending } from "./embedding/embed-job.js";
import { factCardRoutes } from "./factcard/routes.js";
import { GROUP_INDEXES, indexesOf, SERVICE_GROUPS } from "./groups.js";
import { SEARCH_MODES } from "./search/limits.js";
import { searchRoutes } from "./search/routes.js";

let db: TestDatabase;
const runtimes: VectorRuntime[] = [];

async function runtimeOf(indexes: IndexSelection) {
  const runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 }, indexes });
  await runtime.start();
  runtimes.push(runtime);
  return runtime;
}

const depsOf = (vectors: VectorRuntime): ServiceDeps => ({
  db: db.reader,
  objects: createPostgresObjectStore(db.reader),
  config: loadConfig({}),
  now: Date.now,
  vectors,
});

let all: VectorRuntime;
let search: VectorRuntime;
let factcard: VectorRuntime;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "group_indexes");
  await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: Date.UTC(2026, 10, 20) });
  await embedPending(db.owner, createHashedNgramEmbedder());
  all = await runtimeOf(ALL_INDEXES);
  search = await runtimeOf(GROUP_INDEXES.search!);
  factcard = await runtimeOf(GROUP_INDEXES.factcard!);
}, 120_000);

afterAll(async () => {
  for (const runtime of runtimes) await runtime.stop();
  await db?.drop();
});

describe("what each group keeps", () => {
  it("search: the documents' vectors and BM25, and the bridge fed by both tables", () => {
    expect(search.index("documents")).not.toBeNull();
    expect(search.index("factCards")).toBeNull();
    expect(search.keywords.documents.size).toBe(all.keywords.documents.size);
    expect(() => search.keywords.factCards).toThrow(/not kept/);
    expect(search.keywords.loaded).toEqual(["documents", "factCards"]);
    expect(search.keywords.bridge!.units).toBeGreaterThan(0);
    expect(search.keywords.bridge!.units).toBe(all.keywords.bridge!.units);
    expect(search.searchReady()).toBe(true);
  });

  it("factcard: the fact cards' vectors and BM25, no bridge", () => {
    expect(factcard.index("factCards")).not.toBeNull();
    expect(factcard.index("documents")).toBeNull();
    expect(factcard.keywords.factCards.size).toBe(all.keywords.factCards.size);
    expect(() => factcard.keywords.documents).toThrow(/not kept/);
    expect(factcard.keywords.loaded).toEqual(["factCards"]);
    expect(factcard.keywords.bridge).toBeNull();
    expect(factcard.problem("factCards")).toBeNull();
  });

  it("the all-in-one, serving every group, keeps everything, once", () => {
    expect(indexesOf(SERVICE_GROUPS)).toEqual(ALL_INDEXES);
    expect(indexesOf(["catalog", "reports", "portfolio"])).toBeNull();
  });
});

describe("the answers do not change", () => {
  it("search, in every mode, filtered or not, in English and Chinese", async () => {
    const { rows } = await db.owner.query<{ title: string; lang: string; analyst_id: string | null }>(
      `SELECT DISTINCT ON (lang) title, lang, analyst_id FROM search.documents WHERE title IS NOT NULL ORDER BY lang, doc_id`,
    );
    expect(rows.map((r) => r.lang).sort()).toEqual(expect.arrayContaining(["en", "zh"]));
    const queries = [...rows.map((r) => r.title), "净息差", "net interest margin", "银行 margin", "AAPL"];
    const full = createClient(SearchService, createRouterTransport(searchRoutes(depsOf(all))));
    const group = createClient(SearchService, createRouterTransport(searchRoutes(depsOf(search))));
    let compared = 0;
    for (const query of queries)
      for (const mode of SEARCH_MODES)
        for (const filter of [{}, { analystId: rows[0]!.analyst_id ?? undefined }, { lang: "zh" }]) {
          const request = { query, mode, topK: 8, explain: true, ...filter };
          const expected = protoToJson(SearchResponseSchema, await full.search(request));
          expect(protoToJson(SearchResponseSchema, await group.search(request)), JSON.stringify(request)).toEqual(
            expected,
          );
          compared += (expected as { results: unknown[] }).results.length;
        }
    expect(compared).toBeGreaterThan(100);
  });

  it("similar facts, by cosine and in every mode, within the category or not", async () => {
    const { rows } = await db.owner.query<{ fact_card_id: string }>(
      "SELECT fact_card_id FROM factcard.fact_cards ORDER BY fact_card_id LIMIT 6",
    );
    const full = createClient(FactCardService, createRouterTransport(factCardRoutes(depsOf(all))));
    const group = createClient(FactCardService, createRouterTransport(factCardRoutes(depsOf(factcard))));
    let compared = 0;
    for (const { fact_card_id } of rows)
      for (const mode of [undefined, ...SEARCH_MODES])
        for (const sameCategory of [false, true]) {
          const request = { factCardId: fact_card_id, topK: 5, sameCategory, mode };
          const expected = protoToJson(ListSimilarFactsResponseSchema, await full.listSimilarFacts(request));
          expect(
            protoToJson(ListSimilarFactsResponseSchema, await group.listSimilarFacts(request)),
            JSON.stringify(request),
          ).toEqual(expected);
          compared += (expected as { matches: unknown[] }).matches.length;
        }
    expect(compared).toBeGreaterThan(50);
  });
});
