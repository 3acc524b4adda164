/**
 * search_artifacts and the fact-card tools over the search and factcard services' own fixtures, with the local
 * embedder and live vector indexes: the REST resources as tool answers, the fact-card cursor, has_more observed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListSimilarFactsResponseSchema } from "../../../gen/institute/factcard/v1/factcard_pb.js";
import { embedPending } from "../../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../../lib/embedding/hashed-ngram-embedder.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { DEFAULT_REUSE_POLICY } from "../../../lib/reuse-policy.js";
import { VectorRuntime } from "../../../lib/vector/vector-runtime.js";
import { CLAIMS, insertFactCards } from "../../../test/fixtures/factcard.js";
import { BASE_TIME, insertDocuments } from "../../../test/fixtures/search.js";
import { refusal, startToolHarness, type ToolHarness } from "../../../test/helpers/tool-harness.js";

let h: ToolHarness;
/** The stored rows (the embed job has set embedding_status): a fact card's JSON is its row. */
let NEWEST: Record<string, unknown>[];

beforeAll(async () => {
  h = await startToolHarness({
    fill: async (owner) => {
      await insertDocuments(owner);
      await insertFactCards(owner, CLAIMS);
    },
    vectors: async (db) => {
      await embedPending(db.owner, createHashedNgramEmbedder());
      const runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
      await runtime.start();
      return runtime;
    },
  });
  const { rows } = await h.db.owner.query(
    "SELECT * FROM factcard.fact_cards ORDER BY created_at DESC, fact_card_id DESC",
  );
  // tx is the keyword index's bookkeeping (which transaction last wrote the texts), not a field of FactCard.
  NEWEST = rows.map(({ tx: _tx, ...card }) => card);
});
afterAll(() => h?.close());

const bound = (limit: number, returned: number, has_more: boolean) => ({ limit, returned, has_more, exact: true });

describe("search_artifacts", () => {
  it("ranks the archive for the query, highest score first, scoped when asked", async () => {
    const result = await h.call("search_artifacts", { query: "Fed rate cuts and the Treasury yield curve", top_k: 3 });
    expect(result).toMatchObject({ query: "Fed rate cuts and the Treasury yield curve", search_ready: true });
    expect(result.results).toHaveLength(3);
    expect(result.results[0]).toEqual({
      score: expect.any(Number), // the fused score: services/search/hybrid-search.test.ts checks its arithmetic
      session_id: "s-rates-1",
      path: "reports/rates-strategist/1.md",
      title: "Fed rate cuts and the yield curve",
      excerpt:
        "Rates The Federal Reserve's rate cuts flattened the Treasury yield curve as bond yields fell after weak payrolls.",
      archived_at: BASE_TIME + 60_000,
      highlights: [
        { start: 0, end: 5, term: "rate" },
        { start: 28, end: 32, term: "rate" },
        { start: 33, end: 37, term: "cut" },
        { start: 52, end: 60, term: "treasuri" },
        { start: 61, end: 66, term: "yield" },
        { start: 67, end: 72, term: "curv" },
        { start: 81, end: 87, term: "yield" },
      ],
      match: "both",
      explain: null,
    });
    const scores = result.results.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const scoped = await h.call("search_artifacts", { query: "oil", session_id: "s-oil-1" });
    expect(scoped.results.map((r: { session_id: string }) => r.session_id)).toEqual(["s-oil-1", "s-oil-1"]);
  });

  it("takes the same modes and filters as REST, and refuses a bad one naming it", async () => {
    const result = await h.call("search_artifacts", {
      query: "布伦特原油",
      mode: "keyword",
      lang: "zh",
      kinds: ["reports/"],
      archived_after: "2026-11-20",
      explain: true,
    });
    expect(result.results.map((r: { title: string; match: string }) => [r.title, r.match])).toEqual([
      ["欧佩克+减产与布伦特原油", "keyword"],
    ]);
    expect(result.results[0].explain).toMatchObject({ keyword: { rank: 1 }, bridge: null, semantic: null, rrf_k: 60 });
    // Past the input schema (which the endpoint applies first), the service refuses too, naming the argument.
    expect(await refusal(h.callRaw("search_artifacts", { query: "Brent", lang: "fr" }))).toEqual({
      category: "validation",
      code: "invalid_argument",
      message: "lang must be one of en, zh, plain",
    });
    expect(await refusal(h.call("search_artifacts", { query: "Brent", archived_before: "2026-13-01" }))).toMatchObject({
      category: "validation",
      message: 'archived_before must be epoch milliseconds or a date YYYY-MM-DD, got "2026-13-01"',
    });
  });
});

describe("fact cards", () => {
  it("factcards_list: newest first, bounded by the service's over-fetch, page by page with its cursor", async () => {
    const first = await h.call("factcards_list", { limit: 3 });
    expect(first).toMatchObject({ fact_cards: NEWEST.slice(0, 3), count: 3, bound: bound(3, 3, true) });
    const second = await h.call("factcards_list", { limit: 4, cursor: first.next_cursor });
    expect(second).toEqual({ fact_cards: NEWEST.slice(3), count: 4, bound: bound(4, 4, false), next_cursor: null });
    const filtered = await h.call("factcards_list", { status: "completed" });
    expect(filtered).toEqual({
      fact_cards: NEWEST.filter((c) => c.status === "completed"),
      count: 2,
      bound: bound(50, 2, false),
      next_cursor: null,
    });
    expect(await refusal(h.call("factcards_list", { status: "queued", cursor: first.next_cursor }))).toMatchObject({
      category: "validation",
      code: "invalid_argument",
    });
  });

  it("factcards_get: the stored card, every field", async () => {
    expect(await h.call("factcards_get", { fact_card_id: "fc-01" })).toEqual({
      ...CLAIMS[0],
      embedding_status: "done",
    });
    expect(await h.call("factcards_get", { fact_card_id: "fc-06" })).toEqual(
      NEWEST.find((c) => c.fact_card_id === "fc-06"),
    );
    expect(await refusal(h.call("factcards_get", { fact_card_id: "fc-99" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "no fact card fc-99",
    });
  });

  it("factcards_similar: the neighbours and the reuse policy, as the service answers", async () => {
    const result = await h.call("factcards_similar", { fact_card_id: "fc-01", top_k: 3, same_category: false });
    const direct = protoToJson(
      ListSimilarFactsResponseSchema,
      await h.clients.factcard.listSimilarFacts({ factCardId: "fc-01", topK: 3 }),
    );
    expect(result).toEqual(direct);
    expect(result.matches.map((m: { fact_card_id: string }) => m.fact_card_id)).not.toContain("fc-01");
    expect(Object.keys(result.reuse_policy).sort()).toEqual(Object.keys(DEFAULT_REUSE_POLICY).sort());
  });

  it("factcards_similar with claim_text: the neighbours of a claim not yet carded; neither argument is a validation error", async () => {
    const text = "The Fed cut rates by 25 basis points.";
    const result = await h.call("factcards_similar", { claim_text: text, top_k: 2 });
    const direct = protoToJson(
      ListSimilarFactsResponseSchema,
      await h.clients.factcard.listSimilarFacts({ claimText: text, topK: 2 }),
    );
    expect(result).toEqual(direct);
    expect(result.fact_card_id).toBe("");
    expect(result.count).toBe(2);
    expect(await refusal(h.call("factcards_similar", {}))).toEqual({
      category: "validation",
      code: "invalid_argument",
      message: "fact_card_id or claim_text is required",
    });
    expect(await refusal(h.call("factcards_similar", { fact_card_id: "fc-01", claim_text: text }))).toEqual({
      category: "validation",
      code: "invalid_argument",
      message: "give fact_card_id or claim_text, not both",
    });
  });
});
