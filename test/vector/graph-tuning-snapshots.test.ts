/**
 * The vector graph's tuning follows the rows it holds (lib/vector/graph-tuning.ts), here with the threshold lowered
 * to 12 rows: a live index rebuilds its graph, with a log line, when the archive grows past the threshold, and again
 * only once it shrinks below nine tenths of it; a snapshot whose graph does not fit its rows under the threshold the
 * loading process uses is rebuilt from the table with a log line, and one that fits is loaded as saved.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { databaseIdentity } from "../../lib/index-snapshot/database-identity.js";
import { SnapshotPlace } from "../../lib/index-snapshot/snapshot-place.js";
import { LARGE_GRAPH, SMALL_GRAPH } from "../../lib/vector/graph-tuning.js";
import { LiveIndex } from "../../lib/vector/live-index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { DOCUMENTS, insertDocuments, type DocumentFixture } from "../fixtures/search.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const embedder = createHashedNgramEmbedder();
const WHAT = "search.document_embeddings vector index";
let db: TestDatabase;
let dir: string;
let place: SnapshotPlace;
const lines: string[] = [];
const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };

const extra = (n: number, title: string, body: string): DocumentFixture => ({
  ...DOCUMENTS[0]!,
  doc_id: `doc-extra-${n}`,
  path: `reports/extra/${n}.md`,
  title,
  body,
});

/** A live index over the documents' vectors, saving to and loading from `place`, tuned large from `largeFrom` rows. */
function liveIndex(largeFrom?: number) {
  return new LiveIndex({
    db: db.reader,
    source: { table: "search.document_embeddings", idColumn: "doc_id" },
    model: embedder.model,
    dimensions: embedder.dimensions,
    snapshots: place,
    graph: { graph: "usearch", largeGraphFrom: largeFrom },
    log,
  });
}

/** The lines logged since the last call, the snapshot's folder shortened to `<dir>`. */
function logged(): string[] {
  const out = lines.splice(0).map((l) => l.replaceAll(dir, "<dir>"));
  return out.map((l) => l.replace(/\(\d+(\.\d+)? MiB in \d+ ms\)/, "(… MiB in … ms)"));
}

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "graph_tuning");
  await insertDocuments(db.owner);
  await embedPending(db.owner, embedder);
  dir = mkdtempSync(path.join(tmpdir(), "graph-tuning-"));
  place = new SnapshotPlace(dir, (await databaseIdentity(db.reader))!, log);
}, 120_000);
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const FILE = `<dir>/search.document_embeddings.${embedder.model}.${embedder.dimensions}.vectors`;
const SAVED = `info ${WHAT}: saved to ${FILE} (… MiB in … ms)`;

describe("the graph's tuning by size", () => {
  it("is rebuilt while running when the rows cross the threshold, and a snapshot that does not fit is rebuilt", async () => {
    const running = liveIndex(12);
    await running.load();
    expect(running.size).toBe(10);
    expect(running.idGraph.graph.tuning).toEqual(SMALL_GRAPH);
    expect(logged()).toEqual([`info ${WHAT}: no snapshot at ${FILE}, building from the database`, SAVED]);

    await insertDocuments(db.owner, [
      extra(1, "Copper", "Copper prices jumped on Chilean mine outages."),
      extra(2, "Nickel", "Indonesian nickel output keeps the market in surplus."),
      extra(3, "Lithium", "Lithium carbonate prices fell for a sixth month."),
    ]);
    await embedPending(db.owner, embedder);
    await running.refresh();
    expect(running.size).toBe(13);
    expect(running.idGraph.graph.tuning).toEqual(LARGE_GRAPH);
    expect(logged()).toEqual([
      `info ${WHAT}: 13 rows call for a graph of 32 links, breadth 384, not 16 links, breadth 128: rebuilding it`,
      SAVED,
    ]);
    const q = (await embedder.embed(["copper mine outages"]))[0]!;
    const answer = running.search(q, 8);
    expect(answer[0]!.id).toBe("doc-extra-1");

    // A process with the threshold at its default finds a large graph of 13 rows: not loaded, built small.
    const defaults = liveIndex();
    await defaults.load();
    expect(defaults.idGraph.graph.tuning).toEqual(SMALL_GRAPH);
    expect(logged()).toEqual([
      `warn ${WHAT}: snapshot ${FILE} not used (its graph has 32 links, breadth 384; 13 ids call for 16 links, breadth 128), building from the database`,
      SAVED,
    ]);
    expect(defaults.search(q, 8)).toEqual(answer);

    // And the threshold of 12 again: the small graph it saved is rebuilt large, and that one then loads.
    const again = liveIndex(12);
    await again.load();
    expect(again.idGraph.graph.tuning).toEqual(LARGE_GRAPH);
    expect(logged()).toEqual([
      `warn ${WHAT}: snapshot ${FILE} not used (its graph has 16 links, breadth 128; 13 ids call for 32 links, breadth 384), building from the database`,
      SAVED,
    ]);
    const loaded = liveIndex(12);
    await loaded.load();
    expect(loaded.idGraph.graph.tuning).toEqual(LARGE_GRAPH);
    expect(logged()).toEqual([`info ${WHAT}: loaded from ${FILE} (13 ids)`]);
    expect(loaded.search(q, 8)).toEqual(answer);
  });

  it("keeps a large graph down to nine tenths of the threshold, then rebuilds it small", async () => {
    const running = liveIndex(12);
    await running.load();
    expect(running.idGraph.graph.tuning).toEqual(LARGE_GRAPH);
    logged();

    await db.owner.query("DELETE FROM search.documents WHERE doc_id = ANY($1)", [["doc-extra-1", "doc-extra-2"]]);
    await running.refresh();
    expect(running.size).toBe(11);
    expect(running.idGraph.graph.tuning).toEqual(LARGE_GRAPH);
    expect(logged()).toEqual([]);

    await db.owner.query("DELETE FROM search.documents WHERE doc_id = 'doc-extra-3'");
    await running.refresh();
    expect(running.size).toBe(10);
    expect(running.idGraph.graph.tuning).toEqual(SMALL_GRAPH);
    expect(logged()).toEqual([
      `info ${WHAT}: 10 rows call for a graph of 16 links, breadth 128, not 32 links, breadth 384: rebuilding it`,
      SAVED,
    ]);
  });
});
