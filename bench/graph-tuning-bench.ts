/**
 * Where the graph's tuning should change (lib/vector/graph-tuning.ts): for archives of several sizes (--sizes
 * 10000,20000,50000), synthesised as the search bench's large run does and embedded with the built-in embedder,
 * usearch built with each tuning on the stored vectors (library-run.ts: 2 threads, batches of 256, candidates
 * rescored from the half copy), and recall@8 of the judged titles against an exact float32 scan (--recall-queries
 * 300), with build time, memory and search latency, the tunings side by side in the same run.
 */
import { generateArchiveOnly, insertDemoData } from "../demo-data/index.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import { LARGE_GRAPH, SMALL_GRAPH } from "../lib/vector/graph-tuning.js";
import { loadUsearch } from "../lib/vector/usearch-graph.js";
import { embedPending } from "../services/embedding/embed-job.js";
import { createBenchDatabase, startBenchServer } from "./bench-postgres.js";
import { numberOption } from "./number-option.js";
import { libraryRun, type LibraryRow } from "./relevance/library-run.js";
import { recallSet } from "./relevance/recall-set.js";
import { libraryTable } from "./relevance/search-targets.js";

function sizesOption(argv: string[]): number[] {
  const i = argv.indexOf("--sizes");
  if (i < 0) return [10_000, 20_000, 50_000];
  const sizes = (argv[i + 1] ?? "").split(",").map(Number);
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error("--sizes needs positive whole numbers separated by commas");
  return sizes;
}

export async function graphTuningBench(argv: string[]): Promise<void> {
  if (!loadUsearch()) throw new Error("graph-tuning: usearch does not load here, and only its graph is tuned");
  const sizes = sizesOption(argv);
  const seed = numberOption(argv, "seed", 1);
  const queryCount = numberOption(argv, "recall-queries", 300);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const asOf = Date.UTC(2026, 10, 21, 10, 0, 0);
  const embedder = createHashedNgramEmbedder();
  const server = await startBenchServer();
  const rows: LibraryRow[] = [];
  try {
    for (const size of sizes) {
      const db = await createBenchDatabase(server.adminUrl, "bench_tuning");
      try {
        say(`graph-tuning: ${size} notes: synthesising, inserting, embedding ...`);
        await insertDemoData(db.owner, generateArchiveOnly({ seed, scale: 1, asOf }, size));
        await embedPending(db.owner, embedder);
        // The titles the large run asks (large-archive.ts), so the figures compare with its recall@8.
        const { ids, vectors, queries, truth } = await recallSet(db.owner, embedder, queryCount);
        for (const tuning of [SMALL_GRAPH, LARGE_GRAPH]) {
          say(`graph-tuning: ${size} notes: usearch ${tuning.connectivity}/${tuning.expansionAdd} ...`);
          rows.push(await libraryRun("usearch", ids, vectors, queries, truth, tuning));
        }
      } finally {
        await db.drop();
      }
    }
  } finally {
    await server.stop();
  }
  process.stdout.write(
    [
      "",
      `The graph's tuning by the archive's size (seed ${seed}; recall@8 against an exact float32 scan of ${queryCount} titles; usearch links/breadth):`,
      "",
      libraryTable(rows),
      "",
    ].join("\n"),
  );
}
