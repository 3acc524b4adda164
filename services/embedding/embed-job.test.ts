import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { CLAIMS, insertFactCards } from "../../test/fixtures/factcard.js";
import { DOCUMENTS, insertDocuments } from "../../test/fixtures/search.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { startEmbeddingsServer } from "../../test/helpers/embeddings-server.js";
import { embedPending } from "./embed-job.js";
import type { Embedder } from "../../lib/embedding/embedder.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { openHttpEmbedder } from "../../lib/embedding/http-embedder.js";
import { decodeVector } from "../../lib/embedding/vector-codec.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "embedjob");
  await insertDocuments(db.owner);
  await insertFactCards(db.owner, [...CLAIMS, { ...CLAIMS[0]!, fact_card_id: "fc-liar", embedding_status: "done" }]);
});
afterAll(() => db?.drop());

const builtin = createHashedNgramEmbedder();
const statuses = async () =>
  Object.fromEntries(
    (await db.owner.query("SELECT fact_card_id, embedding_status FROM factcard.fact_cards ORDER BY 1")).rows.map(
      (r) => [r.fact_card_id, r.embedding_status],
    ),
  );
const models = async (table: string) =>
  (await db.owner.query(`SELECT DISTINCT model, dimensions FROM ${table} ORDER BY 1`)).rows;

/** Fails (not retryably) on any text containing FAIL, like an endpoint refusing one input. */
const picky = (inner: Embedder): Embedder => ({
  model: inner.model,
  dimensions: inner.dimensions,
  embed: async (texts) => {
    if (texts.some((t) => t.includes("FAIL"))) throw new Error("input refused");
    return inner.embed(texts);
  },
});

describe("embedPending", () => {
  it("embeds every document and claim, and sets each card's embedding_status truthfully", async () => {
    const report = await embedPending(db.owner, builtin);
    expect(report).toEqual({
      model: "builtin-hashed-ngram-384",
      dimensions: 384,
      documents: { embedded: DOCUMENTS.length - 1, skipped: 1, failed: 0 },
      factCards: { embedded: 7, skipped: 1, failed: 0 },
    });
    expect(await statuses()).toEqual({
      "fc-01": "done",
      "fc-02": "done",
      "fc-03": "done",
      "fc-04": "done",
      "fc-05": "done",
      "fc-06": "skipped",
      "fc-07": "done",
      "fc-liar": "done",
    });
    const { rows } = await db.owner.query(
      "SELECT embedding FROM factcard.fact_card_embeddings WHERE fact_card_id = 'fc-03'",
    );
    const [expected] = await builtin.embed([CLAIMS[2]!.claim_text_en]);
    expect([...decodeVector(rows[0].embedding)]).toEqual([...expected!]);
    expect(await models("search.document_embeddings")).toEqual([
      { model: "builtin-hashed-ngram-384", dimensions: 384 },
    ]);
  });

  it("does nothing the second time, and corrects a status a writer set wrongly", async () => {
    await db.owner.query("UPDATE factcard.fact_cards SET embedding_status = 'pending' WHERE fact_card_id = 'fc-01'");
    const report = await embedPending(db.owner, builtin);
    expect(report.documents).toEqual({ embedded: 0, skipped: 0, failed: 0 });
    expect(report.factCards).toEqual({ embedded: 1, skipped: 0, failed: 0 });
    expect((await statuses())["fc-01"]).toBe("done");
    expect((await embedPending(db.owner, builtin)).factCards).toEqual({ embedded: 0, skipped: 0, failed: 0 });
  });

  it("embeds again a row whose text changed", async () => {
    await db.owner.query("UPDATE search.documents SET body = body || ' Revised.' WHERE doc_id = 'doc-03'");
    await db.owner.query(
      "UPDATE factcard.fact_cards SET claim_text_en = 'Brent fell below 70 dollars.' WHERE fact_card_id = 'fc-04'",
    );
    const report = await embedPending(db.owner, builtin);
    expect(report.documents.embedded).toBe(1);
    expect(report.factCards.embedded).toBe(1);
  });

  it("marks a refused text failed with the reason, alone, and retries it on the next run", async () => {
    await db.owner.query("UPDATE factcard.fact_cards SET claim_text_en = 'FAIL this one' WHERE fact_card_id = 'fc-05'");
    const report = await embedPending(db.owner, picky(builtin));
    expect(report.factCards).toEqual({ embedded: 0, skipped: 0, failed: 1 });
    expect((await statuses())["fc-05"]).toBe("failed");
    const { rows } = await db.owner.query(
      "SELECT status, error, embedding FROM factcard.fact_card_embeddings WHERE fact_card_id = 'fc-05'",
    );
    expect(rows[0]).toEqual({ status: "failed", error: "input refused", embedding: null });
    expect((await embedPending(db.owner, builtin)).factCards).toEqual({ embedded: 1, skipped: 0, failed: 0 });
    expect((await statuses())["fc-05"]).toBe("done");
  });

  it("re-embeds everything when the model changes, replacing (never mixing) the stored vectors", async () => {
    const other = createHashedNgramEmbedder(128);
    const report = await embedPending(db.owner, other);
    expect(report.documents).toEqual({ embedded: DOCUMENTS.length - 1, skipped: 1, failed: 0 });
    expect(report.factCards).toEqual({ embedded: 7, skipped: 1, failed: 0 });
    expect(await models("search.document_embeddings")).toEqual([
      { model: "builtin-hashed-ngram-128", dimensions: 128 },
    ]);
    expect(await models("factcard.fact_card_embeddings")).toEqual([
      { model: "builtin-hashed-ngram-128", dimensions: 128 },
    ]);
  });

  it("stops early when the endpoint is down, leaving cards 'pending' rather than claiming an old model's vector", async () => {
    const server = await startEmbeddingsServer(32);
    try {
      const http = await openHttpEmbedder({
        url: server.url,
        model: "remote-model",
        timeoutMs: 1000,
        batchSize: 16,
        retries: 0,
      });
      server.behave = () => 503;
      const report = await embedPending(db.owner, http);
      expect(report.aborted).toMatch(/HTTP 503/);
      const all = await statuses();
      expect(all["fc-06"]).toBe("pending");
      expect(Object.values(all).every((s) => s === "pending")).toBe(true);
      server.behave = () => undefined;
      const done = await embedPending(db.owner, http);
      expect(done.aborted).toBeUndefined();
      expect(done.factCards).toEqual({ embedded: 7, skipped: 1, failed: 0 });
      expect(await models("factcard.fact_card_embeddings")).toEqual([{ model: "remote-model", dimensions: 32 }]);
    } finally {
      await server.close();
    }
  });

  it("lets only one job run at a time", async () => {
    const holder = await db.owner.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(7300460)");
      expect((await embedPending(db.owner, builtin)).busy).toBe(true);
    } finally {
      await holder.query("SELECT pg_advisory_unlock(7300460)");
      holder.release();
    }
  });
});
