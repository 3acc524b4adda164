/**
 * A/B of the whole hybrid Search RPC at a large archive, in one process: the search service as it is at a git
 * revision (default main; its tree unpacked with `git archive` beside the cache) and the working tree's, each with
 * its own vector runtime loaded from the same index snapshots, asked the judged queries over the router transport
 * (Connect and protobuf included, no network), each query of both in turns, `--rounds` rounds. Answers must be
 * identical (paths, order and scores to the last bit). The archive (the demo generator's, seed 1, as the search
 * bench's large run) is inserted once into a database kept on the server (bench_hybrid_ab_<count>), embedded and
 * indexed once; later runs load the snapshots in seconds. `--profile` also takes a CPU profile of the working
 * tree's side alone over the same queries and prints where its time goes.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx --expose-gc bench/hybrid-ab.ts [--count 100000] [--rounds 11] [--before main] [--profile]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { generateArchiveOnly, insertDemoData } from "../demo-data/index.js";
import { migrate } from "../lib/db/migrate.js";
import { createPool } from "../lib/db/pool.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import { embedPending } from "../services/embedding/embed-job.js";
import { numberOption } from "./number-option.js";
import { judgedSet } from "./relevance/relevance-bench.js";
import { median } from "./stats.js";
import { ARCHIVE_AS_OF } from "./archive-date.js";

const argv = process.argv.slice(2);
const count = numberOption(argv, "count", 100_000);
const rounds = numberOption(argv, "rounds", 11);
const revision = argv.includes("--before") ? argv[argv.indexOf("--before") + 1]! : "main";
const profile = argv.includes("--profile");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..");
const folder = path.join(tmpdir(), "hybrid-ab");
const indexDir = path.join(folder, `indexes-${count}`);
const queriesFile = path.join(folder, `queries-${count}.json`);
mkdirSync(folder, { recursive: true });
const K = 8;

const dbName = `bench_hybrid_ab_${count}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

/** The archive's database, created, filled and embedded the first time; the judged queries written beside. */
async function ensureArchive(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [dbName])).rowCount === 1;
  if (exists && existsSync(queriesFile)) {
    await admin.end();
    return JSON.parse(readFileSync(queriesFile, "utf8")) as string[];
  }
  if (exists) await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const owner = createPool(dbUrl, { name: "hybrid-ab-owner", max: 4 });
  try {
    await migrate(owner);
    let t = performance.now();
    const data = generateArchiveOnly({ seed: 1, scale: 1, asOf: ARCHIVE_AS_OF }, count);
    await insertDemoData(owner, data);
    console.log(`inserted ${count} notes in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await embedPending(owner, createHashedNgramEmbedder());
    console.log(`embedded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const queries = (await judgedSet(owner, data.notes)).queries.map((q) => q.query);
    writeFileSync(queriesFile, JSON.stringify(queries));
    return queries;
  } finally {
    await owner.end();
  }
}

/** The tree at `revision`, unpacked beside the cache (once), with this checkout's node_modules. */
function treeAt(revision: string): string {
  const commit = execFileSync("git", ["rev-parse", revision], { cwd: ROOT, encoding: "utf8" }).trim();
  const at = path.join(folder, `tree-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(at, "package.json"))) {
    mkdirSync(at, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C '${at}'`], { cwd: ROOT });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(at, "node_modules"));
  }
  return at;
}

interface Side {
  name: string;
  ask(query: string): Promise<string>;
}

/** One tree's search service over its own vector runtime, loaded from the shared snapshots. */
async function sideOf(name: string, tree: string): Promise<Side> {
  const load = <T>(file: string) => import(pathToFileURL(path.join(tree, file)).href) as Promise<T>;
  const { VectorRuntime } =
    await load<typeof import("../lib/vector/vector-runtime.js")>("lib/vector/vector-runtime.ts");
  const { GROUP_INDEXES } = await load<typeof import("../services/groups.js")>("services/groups.ts");
  const { allServiceRoutes } = await load<typeof import("../services/routes.js")>("services/routes.ts");
  const { loadConfig } = await load<typeof import("../lib/config/config.js")>("lib/config/config.ts");
  const { createPostgresObjectStore } = await load<typeof import("../lib/object-store/object-store.js")>(
    "lib/object-store/object-store.ts",
  );
  const { SearchService } = await load<typeof import("../gen/institute/search/v1/search_pb.js")>(
    "gen/institute/search/v1/search_pb.ts",
  );
  const db = createPool(dbUrl, { name: `hybrid-ab-${name}`, max: 4 });
  const runtime = new VectorRuntime({
    db,
    config: { embeddings: null, indexRefreshMs: 0, indexDir },
    indexes: GROUP_INDEXES.search!,
    log: { info: (m: string) => console.log(`${name}: ${m}`), warn: (m: string) => console.log(`${name}: ${m}`) },
  });
  const t = performance.now();
  await runtime.start();
  console.log(`${name}: indexes ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const deps = { db, objects: createPostgresObjectStore(db), config: loadConfig({}), now: Date.now, vectors: runtime };
  const client = createClient(SearchService, createRouterTransport(allServiceRoutes(deps)));
  return {
    name,
    async ask(query) {
      const res = await client.search({ query, topK: K, mode: "hybrid" });
      if (!res.searchReady) throw new Error(`${name}: search not ready`);
      return res.results.map((r) => `${r.path}@${r.score}:${r.match}`).join(" ");
    },
  };
}

const queries = await ensureArchive();
const before = await sideOf("before", treeAt(revision));
const after = await sideOf("after", ROOT);
console.log(`before: ${revision}; ${queries.length} judged queries, hybrid, top ${K}`);

let differ = 0;
for (const q of queries) if ((await before.ask(q)) !== (await after.ask(q))) differ++;
for (const q of queries) if ((await before.ask(q)) !== (await after.ask(q))) differ++;
console.log(`${differ} of ${queries.length * 2} answers differ (each query asked twice)`);

let gcMs = 0;
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gcObserver.observe({ entryTypes: ["gc"] });

const means: Record<string, number[]> = { before: [], after: [] };
const each: Record<string, number[]> = { before: [], after: [] };
const gcOf: Record<string, number> = { before: 0, after: 0 };
for (let r = 0; r < rounds; r++) {
  const spent = { before: 0, after: 0 };
  for (const q of queries) {
    // Each query asked of both, in turns, so a slow moment of the machine falls on both alike.
    for (const side of r % 2 ? [after, before] : [before, after]) {
      const gc0 = gcMs;
      const t = performance.now();
      await side.ask(q);
      const dt = performance.now() - t;
      spent[side.name as "before" | "after"] += dt;
      each[side.name]!.push(dt);
      gcOf[side.name]! += gcMs - gc0;
    }
  }
  for (const side of ["before", "after"] as const) means[side]!.push(spent[side] / queries.length);
}
gcObserver.disconnect();
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
for (const side of ["before", "after"] as const) {
  const xs = each[side]!;
  console.log(
    `${side}: ${median(means[side]!).toFixed(3)} ms a query (median of ${rounds} rounds' means); p50 ${pct(xs, 0.5).toFixed(3)}, p99 ${pct(xs, 0.99).toFixed(3)} ms; GC ${(gcOf[side]! / xs.length).toFixed(3)} ms a query`,
  );
}
console.log(`after over before: ${(median(means.before!) / median(means.after!)).toFixed(2)}x`);

if (profile) {
  const { summarizeProfile } = await import("./profile-summary.js");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  const t = performance.now();
  for (let r = 0; r < 3; r++) for (const q of queries) await after.ask(q);
  const { profile: cpu } = await session.post("Profiler.stop");
  const file = path.join(folder, "after.cpuprofile");
  writeFileSync(file, JSON.stringify(cpu));
  console.log(
    `profile of the working tree's side: ${((performance.now() - t) / (3 * queries.length)).toFixed(3)} ms a query, ${file}`,
  );
  for (const line of summarizeProfile(file, 40)) console.log(line);
}
process.exit(0);
