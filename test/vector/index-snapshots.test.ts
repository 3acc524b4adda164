/**
 * Index snapshots (INDEX_DIR): a runtime saves its vector and keyword indexes once built; a restarted one loads
 * them, reads what was written since (new, changed and deleted documents), and answers every query exactly as a
 * runtime built from the database does. A damaged snapshot, or one made from another database, is never served:
 * it is rebuilt, with a log line saying why. Until its indexes are loaded a runtime says it is not ready.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { seedDemoData } from "../../demo-data/index.js";
import { loadConfig } from "../../lib/config/config.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { allServiceRoutes } from "../../services/routes.js";
import { insertDocuments } from "../fixtures/search.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const embedder = createHashedNgramEmbedder();
const QUERIES = ["Fed rate cuts and the Treasury yield curve", "HBM memory supply", "黄金ETF资金流", "DBS", "copper"];
let db: TestDatabase;
let other: TestDatabase;
let dir: string;
const runtimes: VectorRuntime[] = [];

function runtimeOn(database: TestDatabase, indexDir: string | null) {
  const lines: string[] = [];
  const runtime = new VectorRuntime({
    db: database.reader,
    config: { embeddings: null, indexRefreshMs: 0, indexDir },
  });
  runtime.log = { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`) };
  runtimes.push(runtime);
  return { runtime, lines };
}

/** Every query in every mode, as the search service answers it over `runtime`. */
async function answers(runtime: VectorRuntime) {
  const deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: Date.now,
    vectors: runtime,
  };
  const search = createClient(SearchService, createRouterTransport(allServiceRoutes(deps)));
  const out = [];
  for (const query of QUERIES)
    for (const mode of ["hybrid", "keyword", "semantic"])
      out.push((await search.search({ query, topK: 8, mode, explain: true })).results.map((r) => [r.path, r.score]));
  return out;
}

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "snapshots");
  other = await createTestDatabase(inject("adminUrl"), "snapshots_other");
  await seedDemoData(db.owner, { seed: 3, scale: 1, asOf: Date.UTC(2026, 10, 21, 10) });
  await embedPending(db.owner, embedder);
  await insertDocuments(other.owner);
  await embedPending(other.owner, embedder);
  dir = mkdtempSync(path.join(tmpdir(), "index-snapshots-"));
}, 120_000);
afterAll(async () => {
  for (const r of runtimes) await r.stop();
  await db?.drop();
  await other?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("index snapshots", () => {
  it("are saved once built, and a restart loads them, reads what changed since, and answers as a fresh build", async () => {
    const first = runtimeOn(db, dir);
    await first.runtime.start();
    expect(readdirSync(dir).sort()).toEqual(
      [
        "keywords.documents+factCards+bridge.text",
        "search.document_embeddings.builtin-hashed-ngram-384.384.vectors",
        "factcard.fact_card_embeddings.builtin-hashed-ngram-384.384.vectors",
      ].sort(),
    );
    expect(first.lines.filter((l) => l.includes("saved to"))).toHaveLength(3);

    // Written after the snapshot: a new document, a changed one, a deleted one.
    await insertDocuments(db.owner, [
      {
        doc_id: "doc-copper",
        session_id: null,
        analyst_id: "a",
        path: "notes/copper.md",
        title: "Copper",
        lang: "en",
        body: "Copper prices jumped on Chilean mine outages.",
        archived_at: 1,
      },
    ]);
    const [changed, deleted] = (
      await db.owner.query<{ doc_id: string }>("SELECT doc_id FROM search.documents ORDER BY doc_id LIMIT 2")
    ).rows;
    await db.owner.query("UPDATE search.documents SET body = body || ' DBS copper' WHERE doc_id = $1", [
      changed!.doc_id,
    ]);
    await db.owner.query("DELETE FROM search.documents WHERE doc_id = $1", [deleted!.doc_id]);
    await embedPending(db.owner, embedder);

    const restarted = runtimeOn(db, dir);
    await restarted.runtime.start({ wait: false });
    expect(restarted.runtime.readinessProblem()).toMatch(/not loaded yet/);
    await restarted.runtime.firstLook;
    expect(restarted.runtime.readinessProblem()).toBeNull();
    expect(restarted.lines.filter((l) => l.includes("loaded from"))).toHaveLength(3);
    expect(restarted.lines.filter((l) => l.startsWith("warn"))).toEqual([]);
    const fresh = runtimeOn(db, null);
    await fresh.runtime.start();
    expect(await answers(restarted.runtime)).toEqual(await answers(fresh.runtime));
    expect(restarted.runtime.keywords.documents.metaOf(deleted!.doc_id)).toBeUndefined();
    expect(restarted.runtime.keywords.documents.metaOf("doc-copper")).toBeDefined();
    expect(restarted.runtime.index("documents")!.size).toBe(fresh.runtime.index("documents")!.size);
  });

  it("rebuilds a damaged snapshot, and one made from another database, and says why", async () => {
    const vectors = path.join(dir, "search.document_embeddings.builtin-hashed-ngram-384.384.vectors");
    const bytes = readFileSync(vectors);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(vectors, bytes);
    const damaged = runtimeOn(db, dir);
    await damaged.runtime.start();
    expect(damaged.lines.filter((l) => l.startsWith("warn"))).toEqual([
      expect.stringMatching(
        /document_embeddings vector index: snapshot .* not used \(damaged: its checksum does not match\), building from the database/,
      ),
    ]);
    const fresh = runtimeOn(db, null);
    await fresh.runtime.start();
    expect(await answers(damaged.runtime)).toEqual(await answers(fresh.runtime));

    // The other database's runtime finds this database's snapshots in the folder.
    const foreign = runtimeOn(other, dir);
    await foreign.runtime.start();
    expect(foreign.lines.filter((l) => l.startsWith("warn"))).toEqual(
      expect.arrayContaining([expect.stringMatching(/snapshot .* not used \(it was made from another database/)]),
    );
    expect(foreign.runtime.index("documents")!.size).toBe(10);
  });
});
