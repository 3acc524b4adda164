/**
 * A/B of the whole hybrid Search RPC at a large archive, in one process: the search service as it is at a git
 * revision (default main; its tree unpacked with `git archive` beside the cache) and the working tree's, each with
 * its own vector runtime loaded from the same index snapshots, asked the judged queries through the tree's in-process
 * transport (as the all-in-one calls it; `--router-before`: the revision's side over Connect's router transport
 * instead, its bytes both ways), each query of both in turns, `--rounds` rounds. Answers must be identical (paths,
 * order and scores to the last bit). The archive (the demo generator's, seed 1, as the search
 * bench's large run) is inserted once into a database kept on the server (bench_hybrid_ab_<count>), embedded and
 * indexed once; later runs load the snapshots in seconds. `--profile` also takes a CPU profile of the working
 * tree's side alone over the same queries and prints where its time goes.
 *
 * `--apart` runs each side alone in a process of its own instead (bench/hybrid-side.ts), in turns, `--rounds` times
 * each, and reports first asks and asks again apart. Two services in one process share its collector and event loop:
 * a side that never waits during a search is charged the collections the other's garbage brings on (a change that
 * moved a search's read behind its rankings read 0.94x in one process and 1.03x to 1.06x apart). The search bench
 * runs one service and asks each judged query once, so first asks are what its p50 and p99 are made of.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx --expose-gc bench/hybrid-ab.ts [--count 100000] [--rounds 11] [--before main] [--profile]
 *     [--apart] [--router-before]
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { archiveOf, ensureArchive, folder, K, ROOT, sideOf, treeAt } from "./hybrid-archive.js";
import type { SideRun } from "./hybrid-side.js";
import { numberOption } from "./number-option.js";
import { median } from "./stats.js";

const argv = process.argv.slice(2);
const count = numberOption(argv, "count", 100_000);
const rounds = numberOption(argv, "rounds", 11);
const revision = argv.includes("--before") ? argv[argv.indexOf("--before") + 1]! : "main";
const profile = argv.includes("--profile");
const apart = argv.includes("--apart");
const beforeTransport = argv.includes("--router-before") ? "router" : "in-process";
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const archive = archiveOf(count, adminUrl);

/** Each side alone in a process of its own (bench/hybrid-side.ts), in turns, `rounds` times each. */
async function runApart() {
  const trees = { before: treeAt(revision), after: ROOT };
  const runs: Record<"before" | "after", SideRun[]> = { before: [], after: [] };
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? (["after", "before"] as const) : (["before", "after"] as const)) {
      const out = execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--expose-gc",
          path.join(ROOT, "bench/hybrid-side.ts"),
          "--tree",
          trees[name],
          "--count",
          String(count),
          ...(name === "before" && beforeTransport === "router" ? ["--router"] : []),
        ],
        { cwd: ROOT, encoding: "utf8", env: { ...process.env, DATABASE_URL: adminUrl }, maxBuffer: 64 * 1024 * 1024 },
      );
      runs[name].push(JSON.parse(out.trim().split("\n").at(-1)!) as SideRun);
    }
  }
  const digests = new Set([...runs.before, ...runs.after].map((run) => run.digest));
  console.log(
    `before: ${revision} (${beforeTransport}); ${queries.length} judged queries, hybrid, top ${K}, each side alone ${rounds} times`,
  );
  console.log(digests.size === 1 ? "answers identical in every run" : `answers differ: ${digests.size} digests`);
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const summary = (name: "before" | "after", part: "first" | "again") => {
    const of = (f: (xs: number[]) => number) => median(runs[name].map((run) => f(run[part])));
    return { mean: of(mean), p50: of((xs) => pct(xs, 0.5)), p99: of((xs) => pct(xs, 0.99)) };
  };
  for (const part of ["first", "again"] as const) {
    const b = summary("before", part);
    const a = summary("after", part);
    const line = (s: typeof b) => `${s.mean.toFixed(3)} ms a query, p50 ${s.p50.toFixed(3)}, p99 ${s.p99.toFixed(3)}`;
    console.log(
      `${part === "first" ? "first asks" : "asked again"}: before ${line(b)}; after ${line(a)} (medians of the runs)`,
    );
    console.log(
      `${part === "first" ? "first asks" : "asked again"}: after over before ${(b.mean / a.mean).toFixed(2)}x (means), ${(b.p50 / a.p50).toFixed(2)}x (p50), ${(b.p99 / a.p99).toFixed(2)}x (p99)`,
    );
  }
}

const queries = await ensureArchive(archive, adminUrl);
if (apart) {
  await runApart();
  process.exit(0);
}
const before = await sideOf("before", treeAt(revision), archive, beforeTransport);
const after = await sideOf("after", ROOT, archive);
console.log(`before: ${revision} (${beforeTransport}); ${queries.length} judged queries, hybrid, top ${K}`);

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
