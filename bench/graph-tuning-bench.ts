/**
 * Where the graph's tuning should change (lib/vector/graph-tuning.ts): for archives of several sizes (--sizes
 * 10000,20000,50000), synthesised as the search bench's large run does and embedded with the built-in embedder,
 * usearch built with each tuning on the stored vectors (library-run.ts: 2 threads, batches of 256, candidates
 * rescored from the half copy), and recall@8 of the judged titles against an exact float32 scan (--recall-queries
 * 300), with build time, memory and search latency, the tunings side by side in the same run. --tunings 48/512,64/768
 * builds those (links/breadth) instead of the two the product chooses between.
 */
import { loadUsearch } from "../lib/vector/usearch-graph.js";
import { startBenchServer } from "./bench-postgres.js";
import { numberOption, sizesOption } from "./number-option.js";
import { withEmbeddedArchive } from "./relevance/embedded-archive.js";
import { libraryRunAlone } from "./relevance/library-alone.js";
import { describeRow, type LibraryRow } from "./relevance/library-run.js";
import { libraryTable } from "./relevance/search-targets.js";
import { tuningsOption } from "./tunings-option.js";

export async function graphTuningBench(argv: string[]): Promise<void> {
  if (!loadUsearch()) throw new Error("graph-tuning: usearch does not load here, and only its graph is tuned");
  const sizes = sizesOption(argv, [10_000, 20_000, 50_000]);
  const seed = numberOption(argv, "seed", 1);
  const queries = numberOption(argv, "recall-queries", 300);
  const tunings = tuningsOption(argv);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const server = await startBenchServer();
  const rows: LibraryRow[] = [];
  try {
    for (const size of sizes)
      await withEmbeddedArchive(server.adminUrl, { size, seed, queries, label: "graph-tuning" }, say, async (set) => {
        for (const tuning of tunings) {
          say(`graph-tuning: ${size} notes: usearch ${tuning.connectivity}/${tuning.expansionAdd} ...`);
          const row = await libraryRunAlone("usearch", set.ids, set.vectors, set.queries, set.truth, tuning);
          rows.push(row);
          say(
            `graph-tuning: ${size} notes, usearch ${tuning.connectivity}/${tuning.expansionAdd}: ${describeRow(row)}`,
          );
        }
      });
  } finally {
    await server.stop();
  }
  process.stdout.write(
    [
      "",
      `The graph's tuning by the archive's size (seed ${seed}; recall@8 against an exact float32 scan of ${queries} titles; usearch links/breadth):`,
      "",
      libraryTable(rows),
      "",
    ].join("\n"),
  );
}
