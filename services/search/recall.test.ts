/**
 * Quality bar (a property, not a timing): on the demo dataset at scale 20, recall@8 of the search service in
 * semantic mode (the vector index's ranking alone) against exact brute-force search over the same stored
 * vectors is at least 0.95, unscoped and scoped by
 * analyst_id or session_id; scoped search returns top_k whenever the scope has that many documents. The same
 * bar holds for similar fact cards. Brute force here reads the vectors straight from PostgreSQL.
 */
import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FactCardService } from "../../gen/institute/factcard/v1/factcard_pb.js";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { seedDemoData } from "../../demo-data/index.js";
import { cosine } from "../../lib/embedding/embedder.js";
import { embedPending } from "../embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { decodeVector } from "../../lib/embedding/vector-codec.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { recallAtK } from "../../lib/vector/recall.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { allServiceRoutes } from "../routes.js";

const K = 8;
const embedder = createHashedNgramEmbedder();
let db: TestDatabase;
let runtime: VectorRuntime;
let search: Client<typeof SearchService>;
let factcards: Client<typeof FactCardService>;
let docs: {
  id: string;
  analyst: string | null;
  session: string | null;
  title: string | null;
  path: string;
  v: Float32Array;
}[];
let cards: { id: string; text: string; v: Float32Array }[];
let docOf: Map<string, (typeof docs)[number]>;
let cardOf: Map<string, (typeof cards)[number]>;

const FIXED_QUERIES = [
  "Fed rate cuts and the Treasury yield curve",
  "HBM memory supply for AI accelerators",
  "Brent crude oil and OPEC+ supply cuts",
  "Singapore dollar and the MAS policy band",
  "yen carry trade unwind",
  "gold ETF flows and real rates",
  "data-centre power constraints in Johor",
  "美联储降息与收益率曲线",
  "日元套息交易平仓",
  "黄金ETF资金流与实际利率",
  "半导体出口管制",
  "新加坡国债久期",
];

/**
 * What the service returned, each scored by its true cosine with the query (from the stored float32 vectors): the
 * index scores from a half-precision copy, so a returned score may differ from the true one in the fifth decimal,
 * and recall judges which items were returned, not how precisely their score was printed.
 */
const truly = (q: Float32Array, returned: { v: Float32Array }[]) => returned.map((d) => ({ score: cosine(q, d.v) }));

function bruteForce(q: Float32Array, pool: { v: Float32Array }[]): { score: number }[] {
  return pool
    .map((d) => ({ score: cosine(q, d.v) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, K);
}

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "recall");
  await seedDemoData(db.owner, { seed: 1, scale: 20, asOf: Date.UTC(2026, 10, 21, 10, 0, 0) });
  await embedPending(db.owner, embedder);
  runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
  await runtime.start();
  const deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: Date.now,
    vectors: runtime,
  };
  const transport = createRouterTransport(allServiceRoutes(deps));
  search = createClient(SearchService, transport);
  factcards = createClient(FactCardService, transport);
  const d = await db.owner.query(
    `SELECT d.doc_id, d.analyst_id, d.session_id, d.title, d.path, e.embedding FROM search.documents d
     JOIN search.document_embeddings e USING (doc_id) WHERE e.status = 'done' AND e.model = $1 ORDER BY d.doc_id`,
    [embedder.model],
  );
  docs = d.rows.map((r) => ({
    id: r.doc_id,
    analyst: r.analyst_id,
    session: r.session_id,
    title: r.title,
    path: r.path,
    v: decodeVector(r.embedding),
  }));
  const c = await db.owner.query(
    `SELECT c.fact_card_id, c.claim_text_en, e.embedding FROM factcard.fact_cards c
     JOIN factcard.fact_card_embeddings e USING (fact_card_id) WHERE e.status = 'done' AND e.model = $1 ORDER BY 1`,
    [embedder.model],
  );
  cards = c.rows.map((r) => ({ id: r.fact_card_id, text: r.claim_text_en, v: decodeVector(r.embedding) }));
  docOf = new Map(docs.map((d) => [d.path, d]));
  cardOf = new Map(cards.map((c) => [c.id, c]));
}, 300_000);
afterAll(async () => {
  await runtime?.stop();
  await db?.drop();
});

/** Queries: the fixed list, plus the titles of every 25th document (English and Chinese alike). */
const queries = () =>
  [...FIXED_QUERIES, ...docs.filter((_, i) => i % 25 === 0).map((d) => d.title ?? "")].filter((q) => q !== "");

describe("recall@8 at demo scale 20", () => {
  it("has the demo archive's volume", () => {
    expect(docs.length).toBeGreaterThanOrEqual(5000);
    expect(cards.length).toBeGreaterThanOrEqual(5000);
  });

  it("is at least 0.95 for unscoped queries", async () => {
    const answers = [];
    for (const query of queries()) {
      const [q] = await embedder.embed([query]);
      const res = await search.search({ query, topK: K, mode: "semantic" });
      expect(res.searchReady).toBe(true);
      expect(res.results).toHaveLength(K);
      answers.push({
        approximate: truly(
          q!,
          res.results.map((r) => docOf.get(r.path!)!),
        ),
        exact: bruteForce(q!, docs),
      });
    }
    const recall = recallAtK(answers, K);
    console.log(`search recall@${K} unscoped: ${recall.toFixed(4)} over ${answers.length} queries`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("is at least 0.95 scoped by analyst_id or session_id, returning top_k whenever the scope has that many", async () => {
    const analysts = [...new Set(docs.map((d) => d.analyst).filter((a): a is string => a !== null))];
    const sessions = [...new Set(docs.map((d) => d.session).filter((s): s is string => s !== null))].filter(
      (_, i) => i % 40 === 0,
    );
    const answers = [];
    for (const [field, value] of [
      ...analysts.map((a) => ["analystId", a] as const),
      ...sessions.map((s) => ["sessionId", s] as const),
    ]) {
      const pool = docs.filter((d) => (field === "analystId" ? d.analyst : d.session) === value);
      for (const query of FIXED_QUERIES.slice(0, field === "analystId" ? 6 : 2)) {
        const [q] = await embedder.embed([query]);
        const res = await search.search({ query, topK: K, mode: "semantic", [field]: value });
        expect(res.results).toHaveLength(Math.min(K, pool.length));
        answers.push({
          approximate: truly(
            q!,
            res.results.map((r) => docOf.get(r.path!)!),
          ),
          exact: bruteForce(q!, pool),
        });
      }
    }
    const recall = recallAtK(answers, K);
    console.log(`search recall@${K} scoped: ${recall.toFixed(4)} over ${answers.length} queries`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("is at least 0.95 for similar fact cards", async () => {
    const answers = [];
    for (const card of cards.filter((_, i) => i % 30 === 0)) {
      const res = await factcards.listSimilarFacts({ factCardId: card.id, topK: K });
      expect(res.matches.map((m) => m.factCardId)).not.toContain(card.id);
      answers.push({
        approximate: truly(
          card.v,
          res.matches.map((m) => cardOf.get(m.factCardId)!),
        ),
        exact: bruteForce(
          card.v,
          cards.filter((c) => c.id !== card.id),
        ),
      });
    }
    const recall = recallAtK(answers, K);
    console.log(`similar facts recall@${K}: ${recall.toFixed(4)} over ${answers.length} cards`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
