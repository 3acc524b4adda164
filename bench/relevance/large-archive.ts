/**
 * The large run of the relevance benchmark: an archive of `count` synthesised notes (the demo generator's
 * archive alone, past what the full dataset's scale allows), embedded with the built-in embedder, indexed (and saved
 * to a snapshot folder), and asked the judged query set in each mode, in a database of its own on the same server,
 * through the Search RPC as the all-in-one calls it (its in-process transport: the service's handler, no bytes).
 * Then, on the same archive: recall@8 of the vector index against an exact scan of the stored float32 vectors,
 * Orama given the same notes and vectors (orama-run.ts), a restarted search process loading the snapshots
 * (restart-run.ts), and each graph library on the same vectors (library-run.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@connectrpc/connect";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { generateArchiveOnly, insertDemoData } from "../../demo-data/index.js";
import type { NoteTruth } from "../../demo-data/dataset.js";
import type { Pool } from "../../lib/db/pool.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { createInProcessTransport } from "../../lib/in-process-transport.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import type { GraphKind } from "../../lib/vector/ann-graph.js";
import { recallAtK } from "../../lib/vector/recall.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { GROUP_INDEXES } from "../../services/groups.js";
import { allServiceRoutes } from "../../services/routes.js";
import { createBenchDatabase } from "../bench-postgres.js";
import { undoneOnInterrupt } from "../interrupt.js";
import { buildIndexes, type BuildFigures } from "./index-build.js";
import { libraryRunAlone } from "./library-alone.js";
import { describeRow, type LibraryRow } from "./library-run.js";
import { oramaRun, type OramaRun } from "./orama-run.js";
import { recallSet } from "./recall-set.js";
import { judgedSet, runRelevance, type RelevanceRun } from "./relevance-bench.js";
import { restartRun, type RestartRun } from "./restart-run.js";

export interface LargeRun {
  documents: number;
  seedMs: number;
  embedMs: number;
  build: BuildFigures;
  run: RelevanceRun;
  /** recall@8 of the search service's vector index (as configured) against an exact float32 scan. */
  recall: number;
  recallQueries: number;
  orama?: OramaRun;
  restart?: RestartRun;
  libraries: LibraryRow[];
}

export interface LargeOptions {
  orama: boolean;
  restart: boolean;
  /** Graph libraries to measure on the same vectors (none: skip). */
  libraries: GraphKind[];
  /** Title queries for recall and the library runs. */
  queries: number;
}

const K = 8;

/** The synthesised archive inserted; only its ground truth is kept (its texts are in the database). */
async function insertArchive(db: Pool, seed: number, count: number, asOf: number): Promise<NoteTruth[]> {
  const data = generateArchiveOnly({ seed, scale: 1, asOf }, count);
  await insertDemoData(db, data);
  return data.notes;
}

export async function largeArchiveRun(
  adminUrl: string,
  seed: number,
  count: number,
  asOf: number,
  options: LargeOptions,
  say: (line: string) => void,
): Promise<LargeRun> {
  const db = await createBenchDatabase(adminUrl, "bench_large");
  const indexDir = mkdtempSync(path.join(tmpdir(), "bench-indexes-"));
  const removeIndexes = undoneOnInterrupt(() => rmSync(indexDir, { recursive: true, force: true }));
  // The indexes the search service group keeps, so the snapshots saved here are the ones a search process loads.
  const runtime = new VectorRuntime({
    db: db.reader,
    config: { embeddings: null, indexRefreshMs: 0, indexDir },
    indexes: GROUP_INDEXES.search!,
  });
  const embedder = createHashedNgramEmbedder();
  try {
    let t = performance.now();
    say(`large run: synthesising and inserting ${count} notes ...`);
    const archive = await insertArchive(db.owner, seed, count, asOf);
    const seedMs = performance.now() - t;
    t = performance.now();
    say("large run: embedding ...");
    await embedPending(db.owner, embedder);
    const embedMs = performance.now() - t;
    say("large run: building the indexes ...");
    const build = await buildIndexes(runtime);
    const deps = {
      db: db.reader,
      objects: createPostgresObjectStore(db.reader),
      config: loadConfig({}),
      now: Date.now,
      vectors: runtime,
    };
    const search = createClient(SearchService, createInProcessTransport(allServiceRoutes(deps)));
    const { queries: judged, idOfPath } = await judgedSet(db.owner, archive);
    say("large run: judged queries ...");
    const run = await runRelevance(search, judged, idOfPath);
    const { p50, p99 } = run.latency.hybrid;
    say(
      `large run: insert ${(seedMs / 1000).toFixed(1)} s, embed ${(embedMs / 1000).toFixed(1)} s; keyword index ${(build.keywordMs / 1000).toFixed(1)} s and ${(build.keywordBytes / 2 ** 20).toFixed(1)} MiB, vector index ${(build.vectorMs / 1000).toFixed(1)} s and ${(build.vectorBytes / 2 ** 20).toFixed(1)} MiB; hybrid p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`,
    );

    say("large run: recall@8 against an exact scan ...");
    const { ids, titles, vectors, queries, truth } = await recallSet(db.owner, embedder, options.queries);
    const vectorOf = new Map(ids.map((id, i) => [id, vectors[i]!]));
    const index = runtime.index("documents")!;
    const recall = recallAtK(
      queries.map((q, i) => ({
        approximate: index.search(q, K).map((h) => {
          const v = vectorOf.get(h.id)!;
          let s = 0;
          for (let d = 0; d < q.length; d++) s += q[d]! * v[d]!;
          return { score: s };
        }),
        exact: truth[i]!,
      })),
      K,
    );
    say(`large run: recall@8 ${recall.toFixed(4)} over ${queries.length} titles`);

    let orama: OramaRun | undefined;
    if (options.orama) {
      say("large run: Orama on the same notes and vectors ...");
      orama = await oramaRun(db.owner, run.queries);
    }
    let restart: RestartRun | undefined;
    if (options.restart) {
      say("large run: a search process restarted on the saved indexes ...");
      restart = await restartRun(db.readerUrl, indexDir, titles[0]!);
    }
    await runtime.stop();
    const libraries: LibraryRow[] = [];
    for (const kind of options.libraries) {
      say(`large run: the ${kind} graph on the same vectors ...`);
      const row = await libraryRunAlone(kind, ids, vectors, queries, truth);
      libraries.push(row);
      say(`large run: ${kind}: ${describeRow(row)}`);
    }
    return {
      documents: runtime.keywords.documents.size,
      seedMs,
      embedMs,
      build,
      run,
      recall,
      recallQueries: queries.length,
      orama,
      restart,
      libraries,
    };
  } finally {
    await runtime.stop();
    await db.drop();
    removeIndexes();
  }
}
