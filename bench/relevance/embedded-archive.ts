/**
 * A synthesised archive of `size` notes (the search bench's large run's generator), inserted into a bench database
 * of its own and embedded with the built-in embedder, then read back as the recall set (recall-set.ts): the stored
 * vectors, the judged titles as queries, and each query's exact top 8. The database is dropped once `use` is done.
 */
import { generateArchiveOnly, insertDemoData } from "../../demo-data/index.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { ARCHIVE_AS_OF } from "../archive-date.js";
import { createBenchDatabase } from "../bench-postgres.js";
import { recallSet, type RecallSet } from "./recall-set.js";

export async function withEmbeddedArchive<T>(
  adminUrl: string,
  options: { size: number; seed: number; queries: number; label: string },
  say: (line: string) => void,
  use: (set: RecallSet) => Promise<T>,
): Promise<T> {
  const db = await createBenchDatabase(adminUrl, `bench_${options.label.replace(/-/g, "_")}`);
  try {
    const embedder = createHashedNgramEmbedder();
    let t = performance.now();
    say(`${options.label}: ${options.size} notes: synthesising and inserting ...`);
    await insertDemoData(
      db.owner,
      generateArchiveOnly({ seed: options.seed, scale: 1, asOf: ARCHIVE_AS_OF }, options.size),
    );
    say(`${options.label}: inserted in ${((performance.now() - t) / 1000).toFixed(1)} s; embedding ...`);
    t = performance.now();
    await embedPending(db.owner, embedder);
    say(
      `${options.label}: embedded in ${((performance.now() - t) / 1000).toFixed(1)} s; the exact top 8 of ${options.queries} titles ...`,
    );
    t = performance.now();
    const set = await recallSet(db.owner, embedder, options.queries);
    say(`${options.label}: exact scan in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return await use(set);
  } finally {
    await db.drop();
  }
}
