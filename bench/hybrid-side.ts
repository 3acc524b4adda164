/**
 * One tree's Search RPC over the large archive, alone in this process (bench/hybrid-ab.ts --apart runs it, once per
 * side and round): 20 judged queries to warm up, then every other judged query once (first asks: the matches' texts
 * and excerpts not yet kept, the bridge's links for new terms not yet worked out), then all of them `--again` more
 * times (asked again). Prints one JSON line: the milliseconds of each ask, and a digest of the answers.
 *   node --import tsx --expose-gc bench/hybrid-side.ts --tree DIR [--count 100000] [--again 3] [--router]
 */
import { createHash } from "node:crypto";
import { archiveOf, ensureArchive, sideOf } from "./hybrid-archive.js";
import { numberOption } from "./number-option.js";

const WARM_UP = 20;

export interface SideRun {
  first: number[];
  again: number[];
  digest: string;
}

const argv = process.argv.slice(2);
const tree = argv[argv.indexOf("--tree") + 1]!;
const again = numberOption(argv, "again", 3);
const adminUrl = process.env.DATABASE_URL!;
const archive = archiveOf(numberOption(argv, "count", 100_000), adminUrl);
const queries = await ensureArchive(archive, adminUrl);
const side = await sideOf("side", tree, archive, argv.includes("--router") ? "router" : "in-process");
const digest = createHash("sha256");
for (const q of queries.slice(0, WARM_UP)) await side.ask(q);
const run: SideRun = { first: [], again: [], digest: "" };
const timed = async (q: string, into: number[]) => {
  const t = performance.now();
  const answer = await side.ask(q);
  into.push(performance.now() - t);
  return answer;
};
for (const q of queries.slice(WARM_UP)) digest.update(`${await timed(q, run.first)}\n`);
for (let r = 0; r < again; r++) for (const q of queries) await timed(q, run.again);
run.digest = digest.digest("hex");
console.log(JSON.stringify(run));
process.exit(0);
