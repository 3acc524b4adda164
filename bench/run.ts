/**
 * `npm run bench -- [section] [options]`: speed is measured here, never in a timed unit test; each figure is
 * printed beside a baseline measured in the same run. Sections, all by default, in this order:
 *   http    the service under autocannon beside a hand-written fastify + pg route and a node:http ceiling
 *           (bench/http/options.ts lists its options: --duration, --warmup, --connections, --scale, --profile, ...)
 *   search  search at demo scale and over a synthesised archive: the vector index beside exact search, relevance per
 *           mode, latency, memory, Orama on the same data, a restarted search process, both graph libraries, and
 *           issue 22's targets (--scale 20, --seed 1, --queries 500, --large 100000, --million N, --no-orama,
 *           --no-restart, --no-library, --recall-queries 300)
 *   bundle  npm run export and import of a scale-20 dataset, the import beside PostgreSQL's COPY (--scale 20, --seed 1)
 *   flood   a valid caller's p99 while 50 connections present random keys, beside its quiet p99 (--duration 5)
 *   sdk-server  the tool endpoint beside the official SDK's server on the same tools/call, both eras (--duration 4,
 *           --rounds 2, --warmup 2, --connections 8); docs/tool-endpoint.md says why the endpoint is hand-written
 * And only when named:
 *   compare BEFORE.json[,…] AFTER.json[,…]   two sets of HTTP results side by side (bench/compare-results.ts)
 *   graph-tuning  the vector graph's links and build breadth at several archive sizes: recall@8, build time, memory
 *           and latency of each, where the threshold in lib/vector/graph-tuning.ts comes from (--sizes
 *           10000,20000,50000, --tunings 16/128,32/384, --seed 1, --recall-queries 300)
 *   library  usearch and the project's HNSW on the same vectors at sizes the search section does not reach: build
 *           time, memory, QPS and recall@8 of each (--sizes 1000000, --seed 1, --recall-queries 300)
 */
import { httpBench } from "./http/http-bench.js";
import { bundleBench } from "./bundle-bench.js";
import { floodBench } from "./flood-bench.js";
import { searchBench } from "./search-bench.js";
import { sdkServerBench } from "./sdk-server-bench.js";
import { compareResults } from "./compare-results.js";
import { graphTuningBench } from "./graph-tuning-bench.js";
import { libraryBench } from "./library-bench.js";
import { isInterrupted } from "./interrupt.js";

const BENCHES: Record<string, (argv: string[]) => Promise<void>> = {
  http: httpBench,
  search: searchBench,
  bundle: bundleBench,
  flood: floodBench,
  "sdk-server": sdkServerBench,
};

const ON_DEMAND: Record<string, (argv: string[]) => Promise<void>> = {
  compare: compareResults,
  "graph-tuning": graphTuningBench,
  library: libraryBench,
};

async function main(argv: string[]) {
  const only = argv[0] !== undefined && !argv[0].startsWith("--") ? argv[0] : undefined;
  if (only && ON_DEMAND[only]) return ON_DEMAND[only](argv.slice(1));
  if (only && !BENCHES[only]) throw new Error(`unknown section ${only}: one of ${Object.keys(BENCHES).join(", ")}`);
  const options = only ? argv.slice(1) : argv;
  for (const [name, bench] of Object.entries(BENCHES)) if (!only || only === name) await bench(options);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e) => {
    if (isInterrupted()) return; // the interrupt's own undoing made this fail; bench/interrupt.ts exits when done
    process.stderr.write(`bench: ${(e as Error).stack}\n`);
    process.exit(1);
  },
);
