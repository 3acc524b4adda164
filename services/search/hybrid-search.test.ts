/**
 * Hybrid search through the service over a real database: the three modes, every filter, highlights, match and
 * explain, bilingual bridging learned from the archive's own bilingual notes, refusals naming the field, and the
 * keyword index kept current as documents are written, changed and deleted.
 */
import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { embedPending } from "../embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { startOfWorkDate } from "../../lib/work-date.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { BRIDGE, CLEAR_DROP, LEAD_MAX, OTHER_SCRIPT, QUERY_LANGUAGE, SEMANTIC, KEYWORD } from "./fusion-weights.js";
import { searchRoutes } from "./routes.js";
import { BASE_TIME, DOCUMENTS, insertDocuments, type DocumentFixture } from "../../test/fixtures/search.js";

const DAY = 86_400_000;
const bank = (
  id: string,
  lang: DocumentFixture["lang"],
  path: string,
  session: string,
  title: string,
  body: string,
  archivedAt: number,
): DocumentFixture => ({
  doc_id: id,
  session_id: session,
  analyst_id: "banks-analyst",
  path,
  title,
  lang,
  body,
  archived_at: archivedAt,
});

/** Bank notes: two bilingual ones (what the bridge learns from), one English, one Chinese. */
const BANK_NOTES: DocumentFixture[] = [
  bank(
    "doc-11",
    "plain",
    "sessions/s-banks-1/notes/1.md",
    "s-banks-1",
    "Net interest margins as rates fall · 降息周期中的净息差",
    "# Net interest margins as rates fall · 降息周期中的净息差\n\nBank net interest margins narrowed at DBS.\n\n星展银行的净息差收窄。\n",
    BASE_TIME - 3 * DAY,
  ),
  bank(
    "doc-12",
    "plain",
    "sessions/s-banks-1/notes/2.md",
    "s-banks-1",
    "Bank net interest margin · 银行净息差",
    "# Bank net interest margin · 银行净息差\n\nThe bank net interest margin held.\n\n银行净息差持稳。\n",
    BASE_TIME - 3 * DAY + 60_000,
  ),
  bank(
    "doc-13",
    "en",
    "sessions/s-banks-2/notes/1.md",
    "s-banks-2",
    "UOB margins: the bear case",
    "UOB's net interest margin fell 5bp as rates fell; fee income helped.",
    BASE_TIME - 2 * DAY,
  ),
  bank(
    "doc-14",
    "zh",
    "sessions/s-banks-2/notes/2.md",
    "s-banks-2",
    "银行净息差：看空的理由",
    "新加坡银行的净息差继续收窄。",
    BASE_TIME + 2 * DAY,
  ),
];

let db: TestDatabase;
let runtime: VectorRuntime;
let client: Client<typeof SearchService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "hybrid");
  await insertDocuments(db.owner, [...DOCUMENTS, ...BANK_NOTES]);
  await embedPending(db.owner, createHashedNgramEmbedder());
  runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
  await runtime.start();
  const deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: Date.now,
    vectors: runtime,
  };
  client = createClient(SearchService, createRouterTransport(searchRoutes(deps)));
});
afterAll(async () => {
  await runtime?.stop();
  await db?.drop();
});

const titles = (res: { results: { title?: string }[] }) => res.results.map((r) => r.title);

describe("modes", () => {
  it("finds the note naming a ticker first in every mode but pure embeddings, and says which ranking found it", async () => {
    const keyword = await client.search({ query: "UOB", mode: "keyword", topK: 3 });
    expect(titles(keyword)[0]).toBe("UOB margins: the bear case");
    expect(keyword.results[0]!.match).toBe("keyword");
    const hybrid = await client.search({ query: "uob", topK: 3, explain: true });
    expect(titles(hybrid)[0]).toBe("UOB margins: the bear case");
    expect(hybrid.results[0]!.explain!.keyword).toMatchObject({ rank: 1 });
    expect(hybrid.results[0]!.explain!.rrfK).toBe(60);
    const semantic = await client.search({ query: "UOB", mode: "semantic", topK: 3, explain: true });
    expect(
      semantic.results.every(
        (r) => r.match === "semantic" && r.explain!.keyword === undefined && r.explain!.rrfK === 0,
      ),
    ).toBe(true);
    expect(semantic.results[0]!.explain!.semantic).toEqual(
      expect.objectContaining({ rank: 1, score: semantic.results[0]!.score }),
    );
  });

  it("fuses in two steps, each score the sum its explained places give, highest first", async () => {
    const query = "Fed rate cuts and the Treasury yield curve";
    const K = 60;
    const res = await client.search({ query, topK: 12, explain: true });
    const fed = res.results.find((r) => r.title === "Fed rate cuts and the yield curve")!;
    expect(fed.match).toBe("both");
    expect([fed.explain!.keyword!.rank, fed.explain!.semantic!.rank]).toEqual([1, 1]);
    // Its Chinese twin is found by the bridge, which ranks only notes in another script than the query.
    const twin = res.results.find((r) => r.title === "美联储降息与收益率曲线")!;
    expect(twin.explain!.bridge).toBeDefined();
    expect(twin.explain!.keyword).toBeUndefined();

    // Every document holding a typed term, with its BM25: keyword mode's keyword places (fewer than top_k here).
    const keywordMode = await client.search({ query, mode: "keyword", topK: 12, explain: true });
    expect(keywordMode.results.length).toBeLessThan(12);
    const bm25 = keywordMode.results
      .flatMap((r) => (r.explain!.keyword ? [r.explain!.keyword.score] : []))
      .sort((a, b) => b - a);
    // BM25 tiers: a new tier wherever the next score is at least CLEAR_DROP lower; the lead is tier 0.
    const tiers = bm25.map((_, i) => bm25.slice(1, i + 1).filter((s, j) => s <= (1 - CLEAR_DROP) * bm25[j]!).length);
    const tierOf = (score: number | undefined) => (score === undefined ? Infinity : tiers[bm25.indexOf(score)]!);
    const leadSize = tiers.filter((t) => t === 0).length;
    expect(leadSize).toBeLessThanOrEqual(LEAD_MAX);

    // Step 1, the query's language (English and bilingual notes): keyword and semantic fused, in BM25 tiers.
    const langOf = new Map([...DOCUMENTS, ...BANK_NOTES].map((d) => [d.title, d.lang]));
    const idOf = new Map([...DOCUMENTS, ...BANK_NOTES].map((d) => [d.title, d.doc_id]));
    const part = (p: { rank: number } | undefined, weight: number) => (p ? weight / (K + p.rank) : 0);
    const own = res.results.filter((r) => langOf.get(r.title!) !== "zh");
    const firstStep = (r: (typeof own)[number]) =>
      part(r.explain!.semantic, SEMANTIC) + part(r.explain!.keyword, KEYWORD);
    const ordered = [...own].sort(
      (a, b) =>
        tierOf(a.explain!.keyword?.score) - tierOf(b.explain!.keyword?.score) ||
        firstStep(b) - firstStep(a) ||
        (idOf.get(a.title!)! < idOf.get(b.title!)! ? -1 : 1),
    );
    // Step 2: that ranking merged with the bridge's and with the embedding's other-script votes (a tenth each,
    // the built-in embedder having no cross-language signal); the lead raised by the most any other can score.
    const ceiling = (QUERY_LANGUAGE + BRIDGE + SEMANTIC * OTHER_SCRIPT) / (K + 1);
    const expected = res.results.map((r) => {
      const step1 = ordered.indexOf(r);
      if (step1 < 0) return part(r.explain!.bridge, BRIDGE) + part(r.explain!.semantic, SEMANTIC * OTHER_SCRIPT);
      return QUERY_LANGUAGE / (K + step1 + 1) + (tierOf(r.explain!.keyword?.score) === 0 ? ceiling : 0);
    });
    res.results.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!, 12));
    expect([...expected].sort((a, b) => b - a)).toEqual(expected);
    expect(res.results[0]).toBe(fed);
  });

  it("keeps BM25's clear leader first: the note naming the typed ticker stays rank 1 where the embedding prefers another", async () => {
    const query = "UOB net interest margin";
    const res = await client.search({ query, topK: 8, explain: true });
    const [top] = res.results;
    expect(top!.title).toBe("UOB margins: the bear case");
    // BM25 clearly prefers it: the next keyword hit scores at least CLEAR_DROP less (only it holds "uob").
    const keywordMode = await client.search({ query, mode: "keyword", topK: 8, explain: true });
    const [first, second] = keywordMode.results
      .flatMap((r) => (r.explain!.keyword ? [r.explain!.keyword.score] : []))
      .sort((a, b) => b - a);
    expect(second!).toBeLessThanOrEqual((1 - CLEAR_DROP) * first!);
    // The embedding ranks another note first; by ranks alone the two would tie (1/61 + 1/62 each).
    const rival = res.results.find((r) => r.title === "Bank net interest margin · 银行净息差")!;
    expect([top!.explain!.keyword!.rank, top!.explain!.semantic!.rank]).toEqual([1, 2]);
    expect([rival.explain!.keyword!.rank, rival.explain!.semantic!.rank]).toEqual([2, 1]);
    expect((await client.search({ query, mode: "semantic", topK: 1 })).results[0]!.title).toBe(rival.title);
    expect(top!.score).toBeGreaterThan(rival.score);
  });

  it("without explain, explain is unset; a query with no terms and nothing to embed answers no results", async () => {
    expect((await client.search({ query: "Brent", topK: 1 })).results[0]!.explain).toBeUndefined();
    expect(await client.search({ query: "  ,, ", mode: "keyword" })).toMatchObject({ searchReady: true, results: [] });
  });
});

describe("bilingual bridging", () => {
  it("brings the English note back for a Chinese query, and the Chinese one for an English query", async () => {
    const zh = await client.search({ query: "银行 净息差", mode: "keyword", topK: 8, explain: true });
    expect(titles(zh)).toContain("UOB margins: the bear case");
    const uob = zh.results.find((r) => r.title === "UOB margins: the bear case")!;
    expect(uob.explain!.bridge).toBeDefined();
    expect(uob.explain!.keyword).toBeUndefined();
    expect(uob.highlights.map((h) => h.term)).toEqual(expect.arrayContaining(["interest", "margin"]));
    const en = await client.search({ query: "net interest margin", mode: "keyword", topK: 8 });
    expect(titles(en)).toContain("银行净息差：看空的理由");
  });
});

describe("highlights", () => {
  it("mark the matched terms in the excerpt, in code points", async () => {
    const en = await client.search({ query: "Brent crude", mode: "keyword", lang: "en", topK: 1 });
    expect(en.results[0]!.excerpt).toBe(
      "OPEC+ kept supply cuts in place; Brent crude oil prices held near 80 dollars a barrel.",
    );
    expect(en.results[0]!.highlights.map(({ start, end, term }) => ({ start, end, term }))).toEqual([
      { start: 33, end: 38, term: "brent" },
      { start: 39, end: 44, term: "crude" },
    ]);
    const zh = await client.search({ query: "原油", mode: "keyword", lang: "zh", topK: 1 });
    expect(zh.results[0]!.highlights.map(({ start, end, term }) => ({ start, end, term }))).toEqual([
      { start: 12, end: 14, term: "原油" },
    ]);
  });
});

describe("filters", () => {
  const all = async (filters: Record<string, unknown>) => {
    const out: Record<string, (string | undefined)[]> = {};
    for (const mode of ["hybrid", "keyword", "semantic"]) {
      out[mode] = titles(
        await client.search({ query: "net interest margin rates oil", topK: 12, mode, ...filters }),
      ).sort();
    }
    return out;
  };

  it.each([
    [{ analystId: "banks-analyst", sessionId: "s-banks-2" }, ["UOB margins: the bear case", "银行净息差：看空的理由"]],
    [
      { kinds: ["sessions/s-banks-1/"] },
      ["Bank net interest margin · 银行净息差", "Net interest margins as rates fall · 降息周期中的净息差"],
    ],
    [{ kinds: ["notes"], lang: "en" }, ["UOB margins: the bear case"]],
    [{ kinds: ["reports/energy-analyst/", "nothing/"] }, ["OPEC+ supply and Brent", "欧佩克+减产与布伦特原油"]],
    [
      { lang: "plain" },
      ["Bank net interest margin · 银行净息差", "Net interest margins as rates fall · 降息周期中的净息差"],
    ],
    [
      { analystId: "banks-analyst", archivedAfter: String(BASE_TIME - 2 * DAY) },
      ["UOB margins: the bear case", "银行净息差：看空的理由"],
    ],
    [
      { analystId: "banks-analyst", archivedBefore: "2026-11-18" },
      ["Bank net interest margin · 银行净息差", "Net interest margins as rates fall · 降息周期中的净息差"],
    ],
    [
      { archivedAfter: "2026-11-21", archivedBefore: String(startOfWorkDate("2026-11-23")) },
      ["银行净息差：看空的理由"],
    ],
    [{ analystId: "nobody" }, []],
  ])("%j: every mode answers only the documents that pass", async (filters, expected) => {
    const out = await all(filters);
    // Semantic ranks every embedded document that passes; the term rankings only those holding a query term.
    expect(out.semantic).toEqual(expected);
    for (const mode of ["hybrid", "keyword"]) for (const t of out[mode]!) expect(expected).toContain(t);
  });

  it("returns top_k whenever that many documents pass", async () => {
    expect((await client.search({ query: "anything", lang: "en", topK: 8, mode: "semantic" })).results).toHaveLength(8);
    expect((await client.search({ query: "margin", lang: "en", topK: 2 })).results).toHaveLength(2);
  });

  it.each([
    [{ mode: "fuzzy" }, "mode must be one of hybrid, keyword, semantic"],
    [{ lang: "fr" }, "lang must be one of en, zh, plain"],
    [{ kinds: [""] }, "kinds entries must be 1 to 200 characters"],
    [
      { archivedAfter: "2026-02-30" },
      'archived_after must be epoch milliseconds or a date YYYY-MM-DD, got "2026-02-30"',
    ],
    [
      { archivedBefore: "yesterday" },
      'archived_before must be epoch milliseconds or a date YYYY-MM-DD, got "yesterday"',
    ],
  ])("refuses %j naming the field", async (filters, message) => {
    await expect(client.search({ query: "rates", ...filters })).rejects.toThrow(message);
  });
});

describe("the keyword index", () => {
  it("is kept current as documents are written, changed and deleted", async () => {
    const find = async (q: string) => titles(await client.search({ query: q, mode: "keyword", topK: 3 }));
    await db.owner.query(
      `INSERT INTO search.documents (doc_id, session_id, analyst_id, path, title, lang, body, archived_at)
      VALUES ('doc-new', 's-x', 'fx-strategist', 'reports/fx/new.md', 'Zloty carry', 'en', 'PLN carry trades unwound.', $1)`,
      [BASE_TIME],
    );
    expect(await find("zloty")).toEqual([]);
    await runtime.refresh();
    expect(await find("zloty")).toEqual(["Zloty carry"]);
    await db.owner.query(
      "UPDATE search.documents SET title = 'Forint carry', body = 'HUF carry trades unwound.' WHERE doc_id = 'doc-new'",
    );
    await runtime.refresh();
    expect(await find("zloty")).toEqual([]);
    expect(await find("HUF")).toEqual(["Forint carry"]);
    await db.owner.query("DELETE FROM search.documents WHERE doc_id = 'doc-new'");
    await runtime.refresh();
    expect(await find("HUF")).toEqual([]);
    expect(runtime.keywords.documents.size).toBe(DOCUMENTS.length + BANK_NOTES.length);
  });
});
