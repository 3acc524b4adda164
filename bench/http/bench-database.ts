/**
 * The database every target of the HTTP benchmark reads: a fresh database on DATABASE_URL's server (dropped
 * after) or on an embedded server in a temporary folder, migrated, seeded with the demo dataset at a fixed
 * `asOf`, and embedded (so no target spends the run embedding).
 */
import { seedDemoData } from "../../demo-data/index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { startOfWorkDate } from "../../lib/work-date.js";
import type { TestServer } from "../../test/helpers/postgres-server.js";
import type { TestDatabase } from "../../test/helpers/test-database.js";
import { createBenchDatabase, startBenchServer } from "../bench-postgres.js";

export interface BenchDatabase {
  db: TestDatabase;
  /** The newest work date with the editor's English daily. */
  dailyDate: string;
  /** A query the search index answers (a document title). */
  searchQuery: string;
  seedSeconds: number;
  close(): Promise<void>;
}

/** 18:00 Asia/Singapore on the work date, as `npm run seed -- --as-of` reads it. */
export const asOfMs = (workDate: string) => startOfWorkDate(workDate) + 18 * 3_600_000;

export async function openBenchDatabase(options: {
  scale: number;
  seed: number;
  asOf: string;
  say: (line: string) => void;
}): Promise<BenchDatabase> {
  const server: TestServer = await startBenchServer();
  let db: TestDatabase | undefined;
  try {
    db = await createBenchDatabase(server.adminUrl, "bench");
    const started = performance.now();
    options.say(`seeding the demo dataset (seed ${options.seed}, scale ${options.scale}, as of ${options.asOf}) ...`);
    await seedDemoData(db.owner, { seed: options.seed, scale: options.scale, asOf: asOfMs(options.asOf) });
    await embedPending(db.owner, createHashedNgramEmbedder());
    await db.owner.query("ANALYZE");
    const seedSeconds = (performance.now() - started) / 1000;
    const daily = await db.owner.query<{ d: string }>(
      "SELECT max(work_date)::text AS d FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en'",
    );
    const title = await db.owner.query<{ title: string }>(
      "SELECT title FROM search.documents WHERE title <> '' ORDER BY md5(doc_id) LIMIT 1",
    );
    const dailyDate = daily.rows[0]?.d;
    const searchQuery = title.rows[0]?.title;
    if (!dailyDate || !searchQuery) throw new Error("the demo dataset holds no English daily or no titled document");
    const opened = db;
    return {
      db: opened,
      dailyDate,
      searchQuery,
      seedSeconds,
      async close() {
        await opened.drop();
        await server.stop();
      },
    };
  } catch (e) {
    await db?.drop().catch(() => {});
    await server.stop().catch(() => {});
    throw e;
  }
}
