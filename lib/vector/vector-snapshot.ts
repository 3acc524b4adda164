/**
 * A vector index's snapshot: the usearch graph (its own file format, carried as one section), the id tables and
 * half-precision vectors (id-graph.ts), the transaction of every row seen and the xmin of the database snapshot they
 * were read in (live-index.ts), so a restarted process loads it and reads only what was written since. Only a graph
 * on usearch is saved: the project's own HNSW (the fallback where usearch does not load) is built at every start.
 * The header records the graph's links and build breadth; a graph that does not fit the number of rows saved with it
 * (graph-tuning.ts) would load and answer, but find less or cost more, so it is rebuilt instead, with a log line.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import type { SnapshotPlace } from "../index-snapshot/snapshot-place.js";
import { IdGraph, type IdGraphOptions, type IdGraphParts } from "./id-graph.js";
import { asTuning, describeTuning, tuningFits, tuningFor } from "./graph-tuning.js";
import { UsearchGraph } from "./usearch-graph.js";

export const VECTOR_SNAPSHOT_VERSION = 1;

export interface VectorState {
  graph: IdGraph;
  seenTx: Map<string, string>;
  xmin: string;
}

/** How an index's graph is made: the library, its search breadth, and the rows from which it is built large. */
export interface GraphSettings extends Omit<IdGraphOptions, "dimensions" | "tuning"> {
  /** Default LARGE_GRAPH_FROM (graph-tuning.ts); tests lower it. */
  largeGraphFrom?: number;
}

export interface VectorSnapshotKey {
  table: string;
  model: string;
  dimensions: number;
}

const nameOf = (k: VectorSnapshotKey) =>
  `${k.table}.${k.model.replace(/[^A-Za-z0-9_.-]+/g, "_")}.${k.dimensions}.vectors`;

const expected = (k: VectorSnapshotKey) => ({
  kind: "vectors",
  version: VECTOR_SNAPSHOT_VERSION,
  table: k.table,
  model: k.model,
  dimensions: k.dimensions,
  graph: "usearch",
});

/** Saves the state; false when it cannot be saved here (no usearch graph) or the write failed. */
export function saveVectors(place: SnapshotPlace, key: VectorSnapshotKey, what: string, state: VectorState): boolean {
  const graph = state.graph.graph;
  if (!(graph instanceof UsearchGraph)) return false;
  const name = nameOf(key);
  const graphFile = `${place.file(name)}.graph-${process.pid}.tmp`;
  try {
    graph.save(graphFile);
    const graphBytes = new Uint8Array(readFileSync(graphFile));
    const parts = state.graph.parts();
    const keys = Buffer.alloc(parts.nodes * 16);
    parts.keys.forEach((k, node) => keys.write(k, node * 16, 16, "latin1"));
    return place.write(
      name,
      what,
      { ...expected(key), tuning: graph.tuning, xmin: state.xmin, rows: state.seenTx.size, ids: state.graph.size },
      {
        graph: graphBytes,
        keys: new Uint8Array(keys.buffer, keys.byteOffset, keys.byteLength),
        halves: parts.halves,
        idsOf: { json: parts.idsOf },
        seenTx: { json: [...state.seenTx] },
      },
    );
  } catch (e) {
    place.log.warn(`${what}: snapshot not written: ${(e as Error).message}`);
    return false;
  } finally {
    rmSync(graphFile, { force: true });
  }
}

/** The saved state, or null (the reason logged) when there is none fit to load. */
export function loadVectors(
  place: SnapshotPlace,
  key: VectorSnapshotKey,
  what: string,
  settings: GraphSettings,
): VectorState | null {
  const name = nameOf(key);
  const contents = place.read(name, what, expected(key));
  if (!contents) return null;
  const { largeGraphFrom, ...options } = settings;
  const tuning = asTuning(contents.header.tuning);
  const ids = contents.header.ids;
  if (!tuning || typeof ids !== "number") {
    place.rejected(name, what, "its header does not say the graph's tuning and ids");
    return null;
  }
  if (!tuningFits(tuning, ids, largeGraphFrom)) {
    const wanted = describeTuning(tuningFor(ids, largeGraphFrom));
    place.rejected(name, what, `its graph has ${describeTuning(tuning)}; ${ids} ids call for ${wanted}`);
    return null;
  }
  const graphFile = `${place.file(name)}.load-${process.pid}.tmp`;
  try {
    const graphBytes = contents.sections.get("graph");
    const keys = contents.sections.get("keys");
    const halves = contents.sections.get("halves");
    const idsOf = contents.sections.get("idsOf") as IdGraphParts["idsOf"];
    const seenTx = contents.sections.get("seenTx") as [string, string][];
    const xmin = contents.header.xmin;
    if (!(graphBytes instanceof Uint8Array) || !(keys instanceof Uint8Array) || !(halves instanceof Uint16Array))
      throw new Error("a section is missing");
    if (!Array.isArray(idsOf) || !Array.isArray(seenTx) || typeof xmin !== "string" || !/^\d+$/.test(xmin))
      throw new Error("its tables are malformed");
    const keyText = Buffer.from(keys.buffer, keys.byteOffset, keys.byteLength);
    const parts: IdGraphParts = {
      nodes: idsOf.length,
      idsOf,
      keys: idsOf.map((ids, node) => (ids === null ? "" : keyText.toString("latin1", node * 16, node * 16 + 16))),
      halves,
    };
    writeFileSync(graphFile, graphBytes);
    const graph = new IdGraph(
      { ...options, dimensions: key.dimensions },
      { graph: UsearchGraph.load(graphFile, key.dimensions, tuning), parts },
    );
    place.log.info(`${what}: loaded from ${place.file(name)} (${graph.size} ids)`);
    return { graph, seenTx: new Map(seenTx), xmin };
  } catch (e) {
    place.rejected(name, what, (e as Error).message);
    return null;
  } finally {
    rmSync(graphFile, { force: true });
  }
}
