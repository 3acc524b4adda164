/**
 * The index library decided by numbers at sizes the search bench does not reach in its time (--sizes 1000000): for
 * each size, an archive synthesised and embedded as the search bench's large run does, then each graph the product
 * can run on (usearch, the project's HNSW) built on the same stored vectors with the tuning the product gives that
 * size, one after the other (library-run.ts): build time, memory, and latency, queries per second and recall@8 of
 * the judged titles (--recall-queries 300) at several numbers of candidates.
 */
import type { GraphKind } from "../lib/vector/ann-graph.js";
import { loadUsearch } from "../lib/vector/usearch-graph.js";
import { startBenchServer } from "./bench-postgres.js";
import { numberOption, sizesOption } from "./number-option.js";
import { withEmbeddedArchive } from "./relevance/embedded-archive.js";
import { libraryRunAlone } from "./relevance/library-alone.js";
import { describeRow, type LibraryRow } from "./relevance/library-run.js";
import { libraryTable, libraryVerdict } from "./relevance/search-targets.js";

export async function libraryBench(argv: string[]): Promise<void> {
  if (!loadUsearch()) throw new Error("library: usearch does not load here, so there is nothing to compare");
  const sizes = sizesOption(argv, [1_000_000]);
  const seed = numberOption(argv, "seed", 1);
  const queries = numberOption(argv, "recall-queries", 300);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const server = await startBenchServer();
  const bySize: LibraryRow[][] = [];
  try {
    for (const size of sizes)
      bySize.push(
        await withEmbeddedArchive(server.adminUrl, { size, seed, queries, label: "library" }, say, async (set) => {
          const rows: LibraryRow[] = [];
          for (const kind of ["usearch", "hnsw"] satisfies GraphKind[]) {
            say(`library: ${size} notes: the ${kind} graph ...`);
            const row = await libraryRunAlone(kind, set.ids, set.vectors, set.queries, set.truth);
            rows.push(row);
            say(`library: ${kind}: ${describeRow(row)}`);
          }
          return rows;
        }),
      );
  } finally {
    await server.stop();
  }
  const rows = bySize.flat();
  const verdicts = bySize
    .flatMap(libraryVerdict)
    .map(([what, measured, verdict]) => `- ${what}: ${measured}; ${verdict}`);
  process.stdout.write(
    [
      "",
      `The index libraries on the same vectors (seed ${seed}; recall@8 against an exact float32 scan of ${queries} titles):`,
      "",
      libraryTable(rows),
      "",
      ...verdicts,
      "",
    ].join("\n"),
  );
}
