/**
 * The large run of the relevance benchmark: an archive of `count` synthesised notes (the demo generator's
 * archive alone, past what the full dataset's scale allows), embedded with the built-in embedder, indexed, and
 * asked the judged query set in each mode, in a database of its own on the same server.
 */
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { generateArchiveOnly, insertDemoData } from "../../demo-data/index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { allServiceRoutes } from "../../services/routes.js";
import { createTestDatabase } from "../../test/helpers/test-database.js";
import { buildIndexes, type BuildFigures } from "./index-build.js";
import { archivedNotes, runRelevance, type RelevanceRun } from "./relevance-bench.js";

export interface LargeRun {
  documents: number;
  seedMs: number;
  embedMs: number;
  build: BuildFigures;
  run: RelevanceRun;
}

export async function largeArchiveRun(adminUrl: string, seed: number, count: number, asOf: number): Promise<LargeRun> {
  const db = await createTestDatabase(adminUrl, "bench_large");
  const runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
  try {
    let t = performance.now();
    const data = generateArchiveOnly({ seed, scale: 1, asOf }, count);
    await insertDemoData(db.owner, data);
    const seedMs = performance.now() - t;
    t = performance.now();
    await embedPending(
      db.owner,
      (await import("../../lib/embedding/hashed-ngram-embedder.js")).createHashedNgramEmbedder(),
    );
    const embedMs = performance.now() - t;
    const build = await buildIndexes(runtime);
    const deps = {
      db: db.reader,
      objects: createPostgresObjectStore(db.reader),
      config: loadConfig({}),
      now: Date.now,
      vectors: runtime,
    };
    const search = createClient(SearchService, createRouterTransport(allServiceRoutes(deps)));
    const { notes, idOfPath } = await archivedNotes(db.owner, data.notes);
    return {
      documents: runtime.keywords.documents.size,
      seedMs,
      embedMs,
      build,
      run: await runRelevance(search, notes, idOfPath),
    };
  } finally {
    await runtime.stop();
    await db.drop();
  }
}
