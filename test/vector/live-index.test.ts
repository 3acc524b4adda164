import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { insertDocuments, type DocumentFixture } from "../fixtures/search.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { encodeVector } from "../../lib/embedding/vector-codec.js";
import { LiveIndex } from "../../lib/vector/live-index.js";

const embedder = createHashedNgramEmbedder();
let db: TestDatabase;
let index: LiveIndex;

const doc = (id: string, body: string): DocumentFixture => ({
  doc_id: id,
  session_id: null,
  analyst_id: "a",
  path: null,
  title: null,
  lang: "en",
  body,
  archived_at: 1,
});
const top = async (text: string) => {
  const [q] = await embedder.embed([text]);
  return index.search(q!, 1)[0]?.id;
};

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "liveindex");
  await insertDocuments(db.owner);
  await embedPending(db.owner, embedder);
  // The index reads through the SELECT-only role, as the services do.
  index = new LiveIndex({
    db: db.reader,
    source: { table: "search.document_embeddings", idColumn: "doc_id" },
    model: embedder.model,
    dimensions: embedder.dimensions,
  });
  await index.load();
});
afterAll(() => db?.drop());

describe("the live index", () => {
  it("loads every current vector from PostgreSQL", async () => {
    expect(index.ready).toBe(true);
    expect(index.size).toBe(10); // the blank document has no vector
    expect(await top("HBM memory sold out")).toBe("doc-04");
  });

  it("picks up rows written after it loaded, without a restart", async () => {
    await insertDocuments(db.owner, [doc("doc-new", "Copper prices jumped on Chilean mine outages and smelter cuts.")]);
    await embedPending(db.owner, embedder);
    await index.refresh();
    expect(index.size).toBe(11);
    expect(await top("copper mine outages")).toBe("doc-new");
  });

  it("does not miss a row committed late by a transaction that started before a newer one", async () => {
    const late = await db.owner.connect();
    try {
      await late.query("BEGIN");
      await late.query(
        "INSERT INTO search.documents (doc_id, lang, body) VALUES ('doc-late', 'en', 'Cocoa futures hit a record on West African harvest fears.')",
      );
      const [v] = await embedder.embed(["Cocoa futures hit a record on West African harvest fears."]);
      await late.query(
        `INSERT INTO search.document_embeddings (doc_id, model, dimensions, status, embedding, source_md5, embedded_at)
         VALUES ('doc-late', $1, $2, 'done', $3, 'x', 0)`,
        [embedder.model, embedder.dimensions, encodeVector(v!)],
      );
      await insertDocuments(db.owner, [
        doc("doc-next", "Gold rallied as real yields fell and central banks kept buying."),
      ]);
      await embedPending(db.owner, embedder);
      await index.refresh();
      expect(await top("gold real yields central banks buying")).toBe("doc-next");
      expect(index.size).toBe(12);
      await late.query("COMMIT");
    } finally {
      late.release();
    }
    await index.refresh();
    expect(index.size).toBe(13);
    expect(await top("cocoa harvest record")).toBe("doc-late");
  });

  it("drops deleted rows and rows replaced by another model's vector", async () => {
    await db.owner.query("DELETE FROM search.documents WHERE doc_id IN ('doc-new', 'doc-late')");
    await index.refresh();
    expect(index.size).toBe(11);
    expect(await top("copper mine outages")).not.toBe("doc-new");
    await embedPending(db.owner, createHashedNgramEmbedder(64));
    await index.refresh();
    expect(index.size).toBe(0);
  });
});
