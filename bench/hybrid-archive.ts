/**
 * The large archive the whole-RPC A/Bs ask (bench/hybrid-ab.ts, bench/hybrid-side.ts): the demo generator's notes
 * (seed 1, as the search bench's large run) inserted once into a database kept on the server (bench_hybrid_ab_<count>),
 * embedded and indexed once, the judged queries written beside; a tree at a git revision unpacked beside them; and one
 * tree's search service over its own vector runtime, loaded from the shared snapshots, called as the all-in-one calls
 * it (the tree's in-process transport) or over Connect's router transport (its bytes both ways, as the search bench
 * called it until 2026-11-27).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createClient, createRouterTransport, type Transport } from "@connectrpc/connect";
import { generateArchiveOnly, insertDemoData } from "../demo-data/index.js";
import { migrate } from "../lib/db/migrate.js";
import { createPool } from "../lib/db/pool.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import { embedPending } from "../services/embedding/embed-job.js";
import { judgedSet } from "./relevance/relevance-bench.js";
import { ARCHIVE_AS_OF } from "./archive-date.js";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const folder = path.join(tmpdir(), "hybrid-ab");
export const K = 8;

export interface Archive {
  count: number;
  dbUrl: string;
  indexDir: string;
  queriesFile: string;
}

export function archiveOf(count: number, adminUrl: string): Archive {
  const url = new URL(adminUrl);
  url.pathname = `/bench_hybrid_ab_${count}`;
  mkdirSync(folder, { recursive: true });
  return {
    count,
    dbUrl: url.toString(),
    indexDir: path.join(folder, `indexes-${count}`),
    queriesFile: path.join(folder, `queries-${count}.json`),
  };
}

/** The archive's database, created, filled and embedded the first time; the judged queries written beside. */
export async function ensureArchive(archive: Archive, adminUrl: string): Promise<string[]> {
  const { count, dbUrl, queriesFile } = archive;
  const dbName = new URL(dbUrl).pathname.slice(1);
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
export function treeAt(revision: string): string {
  const commit = execFileSync("git", ["rev-parse", revision], { cwd: ROOT, encoding: "utf8" }).trim();
  const at = path.join(folder, `tree-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(at, "package.json"))) {
    mkdirSync(at, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C '${at}'`], { cwd: ROOT });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(at, "node_modules"));
  }
  return at;
}

export interface Side {
  name: string;
  ask(query: string): Promise<string>;
}

export type SideTransport = "in-process" | "router";

/** One tree's search service over its own vector runtime, loaded from the shared snapshots. */
export async function sideOf(
  name: string,
  tree: string,
  archive: Archive,
  transport: SideTransport = "in-process",
): Promise<Side> {
  const { dbUrl, indexDir } = archive;
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
  const routes = allServiceRoutes(deps);
  let through: Transport;
  if (transport === "router") through = createRouterTransport(routes);
  else {
    // Loaded only here: a revision from before the in-process transport can still be asked over the router.
    const { createInProcessTransport } =
      await load<typeof import("../lib/in-process-transport.js")>("lib/in-process-transport.ts");
    through = createInProcessTransport(routes);
  }
  const client = createClient(SearchService, through);
  return {
    name,
    async ask(query) {
      const res = await client.search({ query, topK: K, mode: "hybrid" });
      if (!res.searchReady) throw new Error(`${name}: search not ready`);
      return res.results.map((r) => `${r.path}@${r.score}:${r.match}`).join(" ");
    },
  };
}
