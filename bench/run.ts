/**
 * `npm run bench -- [--scale 20] [--seed 1] [--queries 500]`: speed is measured here, never in a timed unit
 * test; each figure is printed beside a baseline measured in the same run.
 */
import { searchBench } from "./search-bench.js";

const BENCHES: Record<string, (argv: string[]) => Promise<void>> = { search: searchBench };

async function main(argv: string[]) {
  const only = argv.find((a) => !a.startsWith("--") && !/^\d/.test(a));
  for (const [name, bench] of Object.entries(BENCHES)) if (!only || only === name) await bench(argv);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`bench: ${(e as Error).stack}\n`);
    process.exit(1);
  },
);
