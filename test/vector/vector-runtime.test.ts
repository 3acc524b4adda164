import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { insertDocuments, type DocumentFixture } from "../fixtures/search.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";

const embedder = createHashedNgramEmbedder();
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "runtime");
  await insertDocuments(db.owner);
  await embedPending(db.owner, embedder);
});
afterAll(() => db?.drop());

const doc = (id: string): DocumentFixture => ({
  doc_id: id,
  session_id: null,
  analyst_id: null,
  path: null,
  title: null,
  lang: "en",
  body: `Note ${id} on rates`,
  archived_at: null,
});

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the vector runtime", () => {
  it("loads at start, follows new rows on its own, and stops polling when stopped", async () => {
    const runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 50 } });
    await runtime.start();
    expect(runtime.searchReady()).toBe(true);
    expect(runtime.problem("factCards")).toBeNull();
    const documents = runtime.index("documents")!;
    expect(documents.size).toBe(10);

    await insertDocuments(db.owner, [doc("doc-polled")]);
    await embedPending(db.owner, embedder);
    await until(() => documents.size === 11);

    await runtime.stop();
    await insertDocuments(db.owner, [doc("doc-after-stop")]);
    await embedPending(db.owner, embedder);
    await new Promise((r) => setTimeout(r, 300));
    expect(documents.size).toBe(11);
  });
});
