/**
 * Search benchmark at demo scale (default --scale 20): latency p50/p95/p99 and queries per second of the
 * approximate index (HNSW), beside exact brute-force search over the same vectors in the same run, as ratios,
 * with the measured recall@8. Also the whole Search RPC (query embedding, index, PostgreSQL) for reference, called as
 * the all-in-one calls it (lib/in-process-transport.ts: the service's handler and implementation, no bytes; the
 * cluster adds its HTTP hop, measured by `npm run bench -- http`).
 * Then measured relevance (bench/relevance/): the judged query set in the semantic, keyword and hybrid modes,
 * at the demo scale and over a synthesised archive of --large documents (default 100000; 0 skips it), with
 * each mode's latency and the indexes' memory and build time.
 * Uses DATABASE_URL's server when set (a temporary database, dropped after), else embedded PostgreSQL.
 */
import { createClient } from "@connectrpc/connect";
import { FactCardService } from "../gen/institute/factcard/v1/factcard_pb.js";
import { SearchService } from "../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../lib/config/config.js";
import { generateDemoData, insertDemoData } from "../demo-data/index.js";
import { embedPending } from "../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import { createPostgresObjectStore } from "../lib/object-store/object-store.js";
import type { LiveIndex } from "../lib/vector/live-index.js";
import { recallAtK } from "../lib/vector/recall.js";
import { VectorRuntime } from "../lib/vector/vector-runtime.js";
import { allServiceRoutes } from "../services/routes.js";
import { createInProcessTransport } from "../lib/in-process-transport.js";
import { createBenchDatabase, startBenchServer } from "./bench-postgres.js";
import { buildIndexes, gcNote, mib, type BuildFigures } from "./relevance/index-build.js";
import { largeArchiveRun, type LargeRun } from "./relevance/large-archive.js";
import { oramaRun } from "./relevance/orama-run.js";
import { libraryTable, searchTargets } from "./relevance/search-targets.js";
import { loadUsearch } from "../lib/vector/usearch-graph.js";
import type { GraphKind } from "../lib/vector/ann-graph.js";
import { judgedSet, latencyRows, relevanceTable, runRelevance } from "./relevance/relevance-bench.js";
import { ms, ratio, table, time, type Timing } from "./stats.js";
import { numberOption } from "./number-option.js";
import { ARCHIVE_AS_OF } from "./archive-date.js";

const K = 8;

async function compare(name: string, index: LiveIndex, queries: Float32Array[], rows: string[][]) {
  const warm = queries.slice(0, 50);
  for (const q of warm) {
    index.search(q, K);
    index.exact(q, K);
  }
  const approximate = await time(queries, (q) => index.search(q, K));
  const exact = await time(queries, (q) => index.exact(q, K));
  const recall = recallAtK(
    queries.map((q) => ({ approximate: index.search(q, K), exact: index.exact(q, K) })),
    K,
  );
  const row = (what: string, t: Timing, r: string) => [what, ms(t.p50), ms(t.p95), ms(t.p99), t.qps.toFixed(0), r];
  rows.push(row(`${name}: vector index (graph + rescoring)`, approximate, recall.toFixed(4)));
  rows.push(row(`${name}: exact brute force`, exact, "1.0000"));
  rows.push([
    `${name}: exact / index`,
    ratio(exact.p50 / approximate.p50),
    ratio(exact.p95 / approximate.p95),
    ratio(exact.p99 / approximate.p99),
    ratio(approximate.qps / exact.qps),
    "",
  ]);
}

function oramaLatencyRow(label: string, o: { latency: Timing }): string[] {
  return [`${label}: Orama hybrid`, ms(o.latency.p50), ms(o.latency.p99), o.latency.qps.toFixed(0)];
}

function buildRow(label: string, documents: number, b: BuildFigures): string[] {
  const sec = (n: number) => `${(n / 1000).toFixed(1)} s`;
  return [label, String(documents), sec(b.keywordMs), mib(b.keywordBytes), sec(b.vectorMs), mib(b.vectorBytes)];
}

export async function searchBench(argv: string[]): Promise<void> {
  const scale = numberOption(argv, "scale", 20);
  const seed = numberOption(argv, "seed", 1);
  const count = numberOption(argv, "queries", 500);
  const large = numberOption(argv, "large", 100_000, { zero: true });
  const million = numberOption(argv, "million", 0, { zero: true });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const libraries: GraphKind[] = argv.includes("--no-library") ? [] : loadUsearch() ? ["usearch", "hnsw"] : ["hnsw"];
  const largeOptions = {
    orama: !argv.includes("--no-orama"),
    restart: !argv.includes("--no-restart"),
    libraries,
    queries: numberOption(argv, "recall-queries", 300),
  };
  const server = await startBenchServer();
  const db = await createBenchDatabase(server.adminUrl, "bench");
  const runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
  try {
    const embedder = createHashedNgramEmbedder();
    let t = performance.now();
    const data = generateDemoData({ seed, scale, asOf: ARCHIVE_AS_OF });
    await insertDemoData(db.owner, data);
    const seeded = performance.now() - t;
    t = performance.now();
    const embedded = await embedPending(db.owner, embedder);
    const embedding = performance.now() - t;
    t = performance.now();
    const build = await buildIndexes(runtime);
    const loading = performance.now() - t;
    const documents = runtime.index("documents")!;
    const factCards = runtime.index("factCards")!;

    // Queries as each index is asked: document titles (English and Chinese) for search, English claims for
    // similar facts; spread over the archive by a hash order.
    const titles = (
      await db.owner.query<{ title: string }>(
        "SELECT title FROM search.documents WHERE title <> '' ORDER BY md5(doc_id) LIMIT $1",
        [count],
      )
    ).rows;
    const claims = (
      await db.owner.query<{ text: string }>(
        "SELECT claim_text_en AS text FROM factcard.fact_cards ORDER BY md5(fact_card_id) LIMIT $1",
        [count],
      )
    ).rows;
    const texts = titles.map((r) => r.title);

    const rows: string[][] = [];
    await compare("documents", documents, await embedder.embed(texts), rows);
    await compare("fact cards", factCards, await embedder.embed(claims.map((r) => r.text)), rows);

    const deps = {
      db: db.reader,
      objects: createPostgresObjectStore(db.reader),
      config: loadConfig({}),
      now: Date.now,
      vectors: runtime,
    };
    const transport = createInProcessTransport(allServiceRoutes(deps));
    const search = createClient(SearchService, transport);
    const facts = createClient(FactCardService, transport);
    const ids = (
      await db.owner.query<{ id: string }>(
        "SELECT fact_card_id AS id FROM factcard.fact_cards ORDER BY md5(fact_card_id) LIMIT $1",
        [count],
      )
    ).rows;
    for (const text of texts.slice(0, 50)) await search.search({ query: text, topK: K });
    const rpc = await time(texts, (query) => search.search({ query, topK: K }));
    const similar = await time(ids, ({ id }) => facts.listSimilarFacts({ factCardId: id, topK: K }));
    rows.push(["Search RPC, end to end", ms(rpc.p50), ms(rpc.p95), ms(rpc.p99), rpc.qps.toFixed(0), ""]);
    rows.push([
      "ListSimilarFacts RPC, end to end",
      ms(similar.p50),
      ms(similar.p95),
      ms(similar.p99),
      similar.qps.toFixed(0),
      "",
    ]);

    const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
    process.stdout.write(
      [
        "",
        `search benchmark: demo scale ${scale} (seed ${seed}): ${documents.size} document vectors, ${factCards.size} fact-card vectors (${embedder.model}); ${texts.length} queries, top_k ${K}, one at a time`,
        `seed ${s(seeded)}; embed ${s(embedding)} (${embedded.documents.embedded} documents, ${embedded.factCards.embedded} fact cards); load both indexes ${s(loading)}`,
        "",
        table(["what", "p50 ms", "p95 ms", "p99 ms", "QPS", `recall@${K}`], rows),
        "",
        "Ratios: exact brute-force latency over HNSW latency (and HNSW QPS over exact QPS); above 1x the index is faster.",
        "",
      ].join("\n"),
    );

    const { queries, idOfPath } = await judgedSet(db.owner, data.notes);
    const relevance = await runRelevance(search, queries, idOfPath);
    const orama = largeOptions.orama ? await oramaRun(db.owner, relevance.queries) : undefined;
    const latency = latencyRows(`scale ${scale}, ${documents.size} documents`, relevance);
    const builds: string[][] = [buildRow(`scale ${scale}`, documents.size, build)];
    process.stdout.write(
      `\nRelevance at demo scale ${scale} (seed ${seed}): ${relevance.queries.length} judged queries, top_k ${K}; sem = semantic, key = keyword, hyb = hybrid\n\n${relevanceTable(relevance)}\n`,
    );
    if (orama) latency.push(oramaLatencyRow(`scale ${scale}, ${documents.size} documents`, orama));
    const bigRuns: LargeRun[] = [];
    for (const count of [large, million].filter((n) => n > 0)) {
      const big = await largeArchiveRun(
        server.adminUrl,
        seed,
        count,
        ARCHIVE_AS_OF,
        count === million ? { ...largeOptions, orama: false, restart: false } : largeOptions,
        say,
      );
      bigRuns.push(big);
      process.stdout.write(
        `\nRelevance over ${big.documents} synthesised documents (seed ${seed}; insert ${s(big.seedMs)}, embed ${s(big.embedMs)}): ${big.run.queries.length} judged queries\n\n${relevanceTable(big.run)}\n`,
      );
      latency.push(...latencyRows(`${big.documents} documents`, big.run));
      if (big.orama) latency.push(oramaLatencyRow(`${big.documents} documents`, big.orama));
      builds.push(buildRow("synthesised", big.documents, big.build));
    }
    process.stdout.write(
      [
        "",
        "Search RPC latency per mode over the judged queries, one at a time, end to end (embedding, indexes, PostgreSQL rows, excerpts):",
        "",
        table(["run: mode", "p50 ms", "p99 ms", "QPS"], latency),
        "",
        `Index build time and memory (heap and external memory added, and usearch's native graph)${gcNote()}:`,
        "",
        table(["run", "documents", "keyword build", "keyword memory", "vector build", "vector memory"], builds),
        "",
        ...bigRuns.flatMap((b) => [
          ...(b.orama
            ? [
                `Orama at ${b.documents} documents: built in ${s(b.orama.buildMs)}; nDCG@8 ${b.orama.scores.ndcg.toFixed(3)}, MRR@8 ${b.orama.scores.mrr.toFixed(3)}, recall@8 ${b.orama.scores.recall.toFixed(3)} (service hybrid: ${b.run.scores.hybrid.all!.ndcg.toFixed(3)}, ${b.run.scores.hybrid.all!.mrr.toFixed(3)}, ${b.run.scores.hybrid.all!.recall.toFixed(3)})`,
              ]
            : []),
          ...(b.restart
            ? [
                `A search process restarted on the ${b.documents} documents' saved indexes answered after ${b.restart.seconds.toFixed(1)} s (RSS ${b.restart.rssMib.toFixed(0)} MiB): ${b.restart.lines.join(" | ")}`,
              ]
            : []),
          ...(b.libraries.length
            ? [
                "",
                `The graph libraries on the same ${b.documents} vectors (as the index uses them: candidates rescored from the half-precision copy; recall@8 against an exact float32 scan of ${b.recallQueries} titles):`,
                "",
                libraryTable(b.libraries),
              ]
            : []),
          "",
        ]),
        ...(orama
          ? [
              `Orama at scale ${scale}: built in ${s(orama.buildMs)}; nDCG@8 ${orama.scores.ndcg.toFixed(3)} (service hybrid ${relevance.scores.hybrid.all!.ndcg.toFixed(3)})`,
              "",
            ]
          : []),
        "Targets:",
        "",
        searchTargets(
          { label: `scale ${scale}`, run: relevance, orama },
          bigRuns[0] && large > 0 ? { ...bigRuns[0], label: `${bigRuns[0].documents} documents` } : undefined,
          million > 0 ? bigRuns[bigRuns.length - 1] : undefined,
        ),
        "",
      ].join("\n"),
    );
  } finally {
    await runtime.stop();
    await db.drop();
    await server.stop();
  }
}
