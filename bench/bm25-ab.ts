/**
 * A/B of the BM25 index's search over a large archive, in one process on one index: the class as it is at a git
 * revision (default main) beside the working tree's, both built from the same frozen parts, asked the judged
 * queries' typed terms (unfiltered) and the bridge's terms under the script filter, as the Search RPC asks them at
 * a depth of 40, each query of both in turns. Answers must be identical (ids and scores to the last bit). The index
 * is built in memory from the demo generator's archive (seed 1, as the search bench's large run) and kept in the
 * temporary folder for later runs. `--cold` reads 64 MiB before each search: in the Search RPC the graph's search
 * and the answer run between two BM25 searches and leave little of the index in the processor's caches, and a
 * search from cold caches takes about twice as long, so a change can win warm and lose there.
 *   node --import tsx bench/bm25-ab.ts [--count 100000] [--rounds 11] [--before main] [--cold]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { deserialize, serialize } from "node:v8";
import { generateArchiveOnly } from "../demo-data/index.js";
import { alignedUnits, BilingualBridge, type BridgeParts } from "../lib/keyword/bilingual-bridge.js";
import { Bm25Index, type Bm25Parts, type QueryTerm, type ScoredId } from "../lib/keyword/bm25-index.js";
import { keywordQuery } from "../lib/keyword/keyword-query.js";
import { LANG_GROUPS, type DocumentLang } from "../lib/keyword/keyword-runtime.js";
import { terms } from "../lib/keyword/tokenize.js";
import { TermTable } from "../lib/keyword/term-table.js";
import { scriptFilter } from "../services/search/query-script.js";
import { judgedQueries } from "./relevance/judged-queries.js";
import { numberOption } from "./number-option.js";
import { median } from "./stats.js";
import { ARCHIVE_AS_OF } from "./archive-date.js";

const argv = process.argv.slice(2);
const count = numberOption(argv, "count", 100_000);
const rounds = numberOption(argv, "rounds", 11);
const cold = argv.includes("--cold");
const revision = argv.includes("--before") ? argv[argv.indexOf("--before") + 1]! : "main";
const folder = path.join(tmpdir(), "bm25-ab");
mkdirSync(folder, { recursive: true });
const CACHE = path.join(folder, `index-${count}.bin`);

/** The class at `revision`, with the files of lib/keyword it imports as they were then, written beside the cache. */
async function classAt(revision: string): Promise<typeof Bm25Index> {
  const at = path.join(folder, revision.replace(/[^\w.-]/g, "_"));
  mkdirSync(at, { recursive: true });
  const copy = (name: string) => {
    const source = execFileSync("git", ["show", `${revision}:lib/keyword/${name}.ts`], { encoding: "utf8" });
    for (const [, imported] of source.matchAll(/from "\.\/([\w-]+)\.js"/g)) copy(imported!);
    writeFileSync(path.join(at, `${name}.ts`), source);
  };
  copy("bm25-index");
  return ((await import(pathToFileURL(path.join(at, "bm25-index.ts")).href)) as { Bm25Index: typeof Bm25Index })
    .Bm25Index;
}
const Before = await classAt(revision);
const DEPTH = 40;

interface Cached {
  parts: Omit<Bm25Parts, "terms"> & { terms: TermTable["parts"] };
  bridge: BridgeParts;
  queries: string[];
}

function build(): Cached {
  const data = generateArchiveOnly({ seed: 1, scale: 1, asOf: ARCHIVE_AS_OF }, count);
  const index = new Bm25Index();
  const bridge = new BilingualBridge();
  const texts = new Map<string, string>();
  for (const row of data.rows("search.documents")) {
    const id = String(row.doc_id);
    const title = row.title === null ? "" : String(row.title);
    const body = String(row.body).slice(0, 20_000);
    const text = `${title}\n\n${body}`;
    const lang = row.lang as DocumentLang;
    index.set(id, terms(text), Math.max(0, LANG_GROUPS.indexOf(lang)));
    bridge.set(`search.documents:${id}`, lang === "plain" ? alignedUnits(text) : []);
    texts.set(id, `${title}\n${String(row.body)}`);
  }
  const parts = index.parts();
  const notes = data.notes.filter((t) => texts.has(t.docId)).map((t) => ({ ...t, text: texts.get(t.docId)! }));
  return {
    parts: { ...parts, terms: parts.terms.parts },
    bridge: bridge.parts(),
    queries: judgedQueries(notes).map((q) => q.query),
  };
}

let t = performance.now();
let cached: Cached;
if (existsSync(CACHE)) cached = deserialize(readFileSync(CACHE)) as Cached;
else {
  cached = build();
  writeFileSync(CACHE, serialize(cached));
}
console.log(`before: ${revision}; index of ${count} notes ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const parts: Bm25Parts = { ...cached.parts, terms: TermTable.fromParts(cached.parts.terms) };
const before = Before.fromParts(parts);
const after = Bm25Index.fromParts(parts);
const bridge = new BilingualBridge();
bridge.restore(cached.bridge);
const groupOf = new Map<string, number>();
for (let i = 0; i < parts.ids.length; i++) groupOf.set(parts.ids[i]!, parts.groups[i]!);

interface Asked {
  typed: QueryTerm[];
  added: QueryTerm[];
  other: boolean[];
}
const asked: Asked[] = cached.queries.map((query) => {
  const q = keywordQuery(query, after, bridge);
  const fits = scriptFilter(query);
  return { typed: q.typed, added: q.added, other: LANG_GROUPS.map((lang) => !fits(lang)) };
});
type Search = (
  query: readonly QueryTerm[],
  k: number,
  accept?: (id: string, group: number) => boolean,
  exclude?: ReadonlySet<string>,
  groups?: readonly boolean[],
) => ScoredId[];
/** The bridge's terms over the other script: by the groups argument where the class has it, else by a filter. */
const bridgeSearch = (s: Search) =>
  s.length >= 5
    ? (a: Asked) => s(a.added, DEPTH, undefined, undefined, a.other)
    : (a: Asked) => s(a.added, DEPTH, (_id, group) => a.other[group] === true);
const sides = {
  before: before.search.bind(before) as Search,
  after: after.search.bind(after) as Search,
};
const kinds = {
  typed: { before: (a: Asked) => sides.before(a.typed, DEPTH), after: (a: Asked) => sides.after(a.typed, DEPTH) },
  bridge: { before: bridgeSearch(sides.before), after: bridgeSearch(sides.after) },
};
console.log(`groups argument: before ${sides.before.length >= 5}, after ${sides.after.length >= 5}`);

for (const [kind, run] of Object.entries(kinds)) {
  let differ = 0;
  for (const a of asked) {
    if (kind === "bridge" && !a.added.length) continue;
    const x = run.before(a);
    const y = run.after(a);
    if (x.length !== y.length || x.some((h, i) => h.id !== y[i]!.id || h.score !== y[i]!.score)) differ++;
  }
  console.log(`${kind}: ${differ} of ${asked.length} answers differ`);
}

/** Reads a buffer larger than the processor's caches, so the next search finds none of the index in them. */
const spill = new Float64Array(8 * 2 ** 20);
let spilled = 0;
const chill = () => {
  for (let i = 0; i < spill.length; i += 8) spilled += spill[i]!;
};

const ms: Record<string, number[]> = {};
for (let r = 0; r < rounds; r++) {
  for (const [kind, run] of Object.entries(kinds)) {
    // Each query asked of both, in turns, so a slow moment of the machine falls on both alike.
    const spent = { before: 0, after: 0 };
    for (const a of asked) {
      if (kind === "bridge" && !a.added.length) continue;
      for (const side of r % 2 ? (["after", "before"] as const) : (["before", "after"] as const)) {
        if (cold) chill();
        t = performance.now();
        run[side](a);
        spent[side] += performance.now() - t;
      }
    }
    for (const side of ["before", "after"] as const) (ms[`${kind} ${side}`] ??= []).push(spent[side] / asked.length);
  }
}
if (spilled !== 0) throw new Error("bm25-ab: the spill buffer is not zero");
for (const kind of Object.keys(kinds)) {
  const b = median(ms[`${kind} before`]!);
  const a = median(ms[`${kind} after`]!);
  console.log(
    `${kind}: before ${b.toFixed(3)} ms a query, after ${a.toFixed(3)} (median of ${rounds} rounds${cold ? ", caches cold" : ""}; ${(b / a).toFixed(2)}x)`,
  );
}
