/**
 * Measured relevance of search: the judged query set (judged-queries.ts) asked of the Search RPC in each mode,
 * MRR@8, nDCG@8 and recall@8 per query class side by side, hit@1 for tickers and company names, and each mode's
 * latency (p50, p99) over the same calls, end to end (embedding, indexes, PostgreSQL rows, excerpts).
 */
import type { Client } from "@connectrpc/connect";
import type { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import type { NoteTruth } from "../../demo-data/dataset.js";
import type { Pool } from "../../lib/db/pool.js";
import { ms, table, time, type Timing } from "../stats.js";
import { judgedQueries, QUERY_CLASSES, type ArchivedNote, type JudgedQuery } from "./judged-queries.js";
import { mean, scoreRanking, type Scores } from "./metrics.js";

const K = 8;
export const MODES = ["semantic", "keyword", "hybrid"] as const;
export type Mode = (typeof MODES)[number];

export interface RelevanceRun {
  queries: JudgedQuery[];
  /** Mode → class → mean scores ("all" for every query). */
  scores: Record<Mode, Record<string, Scores>>;
  /** Mode → each query's scores, in the order of `queries`. */
  perQuery: Record<Mode, Scores[]>;
  latency: Record<Mode, Timing>;
}

/** The archived notes as stored, joined with the generator's truth; and path → doc id (paths are unique). */
async function archivedNotes(
  db: Pool,
  truth: readonly NoteTruth[],
): Promise<{ notes: ArchivedNote[]; idOfPath: Map<string, string> }> {
  const { rows } = await db.query<{ doc_id: string; path: string; title: string; body: string }>(
    "SELECT doc_id, path, coalesce(title, '') AS title, body FROM search.documents",
  );
  const byId = new Map(rows.map((r) => [r.doc_id, r]));
  const notes = truth
    .filter((t) => byId.has(t.docId))
    .map((t) => ({ ...t, text: `${byId.get(t.docId)!.title}\n${byId.get(t.docId)!.body}` }));
  return { notes, idOfPath: new Map(rows.map((r) => [r.path, r.doc_id])) };
}

/**
 * The judged queries of the stored archive, and path → doc id. The notes' texts are read and dropped here, so a
 * run that times searches afterwards does not carry them (a million notes' texts are gigabytes of heap, which the
 * collector walked during the timed searches).
 */
export async function judgedSet(
  db: Pool,
  truth: readonly NoteTruth[],
): Promise<{ queries: JudgedQuery[]; idOfPath: Map<string, string> }> {
  const { notes, idOfPath } = await archivedNotes(db, truth);
  return { queries: judgedQueries(notes), idOfPath };
}

export async function runRelevance(
  search: Client<typeof SearchService>,
  queries: JudgedQuery[],
  idOfPath: Map<string, string>,
): Promise<RelevanceRun> {
  const scores = {} as RelevanceRun["scores"];
  const byQuery = {} as RelevanceRun["perQuery"];
  const latency = {} as RelevanceRun["latency"];
  for (const mode of MODES) {
    for (const q of queries.slice(0, 20)) await search.search({ query: q.query, topK: K, mode });
    // Only the search is timed: scoring a ranking sorts the query's grades, thousands for a broad question.
    const paths: string[][] = [];
    latency[mode] = await time(queries, async (q) => {
      const res = await search.search({ query: q.query, topK: K, mode });
      paths.push(res.results.map((r) => r.path ?? ""));
    });
    const perQuery = queries.map((q, i) =>
      scoreRanking(
        paths[i]!.map((path) => idOfPath.get(path) ?? ""),
        q.grades,
        K,
      ),
    );
    byQuery[mode] = perQuery;
    scores[mode] = { all: mean(perQuery) };
    for (const cls of QUERY_CLASSES) scores[mode][cls] = mean(perQuery.filter((_, i) => queries[i]!.cls === cls));
    scores[mode]["ticker+company"] = mean(
      perQuery.filter((_, i) => queries[i]!.cls === "ticker" || queries[i]!.cls === "company"),
    );
  }
  return { queries, scores, perQuery: byQuery, latency };
}

const f3 = (n: number) => n.toFixed(3);

export function relevanceTable(run: RelevanceRun): string {
  const count = (cls: string) =>
    cls === "all"
      ? run.queries.length
      : cls === "ticker+company"
        ? run.queries.filter((q) => q.cls === "ticker" || q.cls === "company").length
        : run.queries.filter((q) => q.cls === cls).length;
  const classes = [...QUERY_CLASSES, "all"];
  const header = [
    "class (queries)",
    ...["MRR@8", "nDCG@8", "recall@8"].flatMap((m) => MODES.map((mode) => `${m} ${mode.slice(0, 3)}`)),
  ];
  const rows = classes.map((cls) => [
    `${cls} (${count(cls)})`,
    ...(["mrr", "ndcg", "recall"] as const).flatMap((m) => MODES.map((mode) => f3(run.scores[mode][cls]![m]))),
  ]);
  const hit = ["ticker", "company", "ticker+company"].map((cls) => [
    `${cls} (${count(cls)})`,
    ...MODES.map((mode) => `${(run.scores[mode][cls]!.hit1 * 100).toFixed(1)}%`),
  ]);
  return [
    table(header, rows),
    "",
    "A document naming the ticker or company at rank 1:",
    table(["class (queries)", ...MODES], hit),
  ].join("\n");
}

export function latencyRows(label: string, run: RelevanceRun): string[][] {
  return MODES.map((mode) => [
    `${label}: ${mode}`,
    ms(run.latency[mode].p50),
    ms(run.latency[mode].p99),
    run.latency[mode].qps.toFixed(0),
  ]);
}
