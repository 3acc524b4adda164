/**
 * The usearch graph's links per node (level 0 keeps twice as many) and build breadth, chosen by the number of
 * vectors (rows) a graph is built for. The archive's embeddings are far apart (a title's best notes have cosines of
 * 0.3 to 0.55 with it), where an HNSW graph needs many well-chosen links to reach the true nearest: on the search
 * bench's 100,000 notes, with 160 candidates rescored from the half copy, recall@8 is 0.821 with 16 links and a
 * breadth of 128, 0.994 with 32 and 384 (docs/benchmark.md, "Recall at 100,000"). But 32 links double the
 * distances every search computes: at the HTTP bench's demo scale 10, where 16 links already find the exact top 8,
 * a search cost 3,043 µs of CPU with 32/384 against 2,284 with 16/128. So a graph is built with 16/128 below
 * LARGE_GRAPH_FROM rows and with 32/384 from there (the threshold's measurements: docs/benchmark.md, "The graph's
 * tuning by size").
 *
 * A graph keeps the tuning it was built with while rows come and go; the live index (live-index.ts) rebuilds it
 * once the rows it holds no longer fit that tuning (`tuningFits`), and a snapshot whose graph does not fit its
 * rows is rebuilt instead of loaded (vector-snapshot.ts). A graph built large is kept down to a tenth under the
 * threshold, so an archive hovering at it is not rebuilt at every refresh.
 */
export interface GraphTuning {
  readonly connectivity: number;
  readonly expansionAdd: number;
}

export const SMALL_GRAPH: GraphTuning = { connectivity: 16, expansionAdd: 128 };
export const LARGE_GRAPH: GraphTuning = { connectivity: 32, expansionAdd: 384 };

/**
 * Rows from which a graph is built with LARGE_GRAPH. recall@8 of 16/128 with 160 candidates on the bench's
 * synthesised notes (`npm run bench -- graph-tuning`, 2026-11-26): 0.999 at 10,000, 0.995 at 15,000, 0.983 and
 * 0.990 at 20,000 (two builds), 0.956 at 30,000, 0.932 at 50,000; 32/384 found 0.998 to 0.9996 at each size.
 */
export const LARGE_GRAPH_FROM = 20_000;

/** Rows below which a graph built large is rebuilt small: nine tenths of the threshold, rounded up. */
export const keptLargeFrom = (largeFrom: number): number => Math.ceil(largeFrom * 0.9);

/** The tuning a graph of this many rows is built with. */
export function tuningFor(rows: number, largeFrom = LARGE_GRAPH_FROM): GraphTuning {
  return rows < largeFrom ? SMALL_GRAPH : LARGE_GRAPH;
}

export const sameTuning = (a: GraphTuning, b: GraphTuning): boolean =>
  a.connectivity === b.connectivity && a.expansionAdd === b.expansionAdd;

/** Whether a graph built with `tuning` may go on serving this many rows (false: it is to be rebuilt). */
export function tuningFits(tuning: GraphTuning, rows: number, largeFrom = LARGE_GRAPH_FROM): boolean {
  if (sameTuning(tuning, SMALL_GRAPH)) return rows < largeFrom;
  if (sameTuning(tuning, LARGE_GRAPH)) return rows >= keptLargeFrom(largeFrom);
  return false;
}

/**
 * Candidates a search asks the graph for before rescoring them from the half copy, by the live nodes it holds:
 * SEARCH_CANDIDATES below MORE_CANDIDATES_FROM, twice as many from there. With the 32/384 graph, recall@8 on the
 * bench's synthesised notes (`npm run bench -- graph-tuning`; docs/benchmark.md, "Between 100,000 and 300,000")
 * was 0.994 at 100,000 nodes, 0.985 at 150,000, 0.964 at 200,000 and 0.933 at 300,000 with 160 candidates; 0.991,
 * 0.987 and 0.972 at 150,000, 200,000 and 300,000 with 320. Twice the candidates cost the graph's search about 1.6x
 * its time and need no rebuild, where more links would (48/512 found 0.988 at 200,000 with 160, built in 1.5x the
 * time). At demo scale 20, 160 candidates find 0.99 of an exact scan's top 8.
 */
export const SEARCH_CANDIDATES = 160;
export const MORE_CANDIDATES_FROM = 150_000;

export const candidatesFor = (nodes: number): number =>
  nodes < MORE_CANDIDATES_FROM ? SEARCH_CANDIDATES : 2 * SEARCH_CANDIDATES;

export const describeTuning = (t: GraphTuning): string => `${t.connectivity} links, breadth ${t.expansionAdd}`;

/** A tuning read back from a snapshot's header, or null when it is not one. */
export function asTuning(value: unknown): GraphTuning | null {
  if (typeof value !== "object" || value === null) return null;
  const { connectivity, expansionAdd } = value as Record<string, unknown>;
  if (!Number.isInteger(connectivity) || !Number.isInteger(expansionAdd)) return null;
  return { connectivity: connectivity as number, expansionAdd: expansionAdd as number };
}
