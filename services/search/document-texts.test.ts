/**
 * The matched documents' plain texts: read once per version the index holds, answered from memory while that
 * version stands (even after the row changed, until the index takes the change), read again for a newer version,
 * absent for a deleted document, and bounded in characters.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { insertDocuments } from "../../test/fixtures/search.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { createDocumentStore, type DocumentStore } from "./document-store.js";
import { createDocumentTexts } from "./document-texts.js";

let db: TestDatabase;
let store: DocumentStore;
let reads: string[][];

const txOf = async (id: string) =>
  (await db.owner.query<{ tx: string }>("SELECT tx::text AS tx FROM search.documents WHERE doc_id = $1", [id])).rows[0]
    ?.tx;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "doctexts");
  await insertDocuments(db.owner);
  const real = createDocumentStore(db.reader);
  reads = [];
  store = {
    byIds: real.byIds,
    bodiesOf: (ids) => (reads.push([...ids]), real.bodiesOf(ids)),
    withdrawn: real.withdrawn,
  };
});
afterAll(() => db?.drop());

describe("the documents' texts", () => {
  it("reads a version once, keeps it while the index holds it, and reads a newer one", async () => {
    const texts = createDocumentTexts(store);
    const first = await txOf("doc-01");
    const plain = (await texts.textsOf([{ id: "doc-01", tx: first }])).get("doc-01")!;
    expect(plain.text.length).toBeGreaterThan(20);
    expect((await texts.textsOf([{ id: "doc-01", tx: first }])).get("doc-01")).toBe(plain);
    expect(reads).toEqual([["doc-01"]]);

    await db.owner.query("UPDATE search.documents SET body = '# Changed\n\nA *new* body.' WHERE doc_id = 'doc-01'");
    // The index has not looked yet: it still holds the first version, and so does the excerpt.
    expect((await texts.textsOf([{ id: "doc-01", tx: first }])).get("doc-01")).toBe(plain);
    const second = await txOf("doc-01");
    expect((await texts.textsOf([{ id: "doc-01", tx: second }])).get("doc-01")!.text).toBe("Changed A new body.");
    expect(reads).toEqual([["doc-01"], ["doc-01"]]);
  });

  it("leaves out a deleted document, reads every missing one in one query, and keeps at most its bound", async () => {
    await db.owner.query("DELETE FROM search.documents WHERE doc_id = 'doc-02'");
    const wanted = ["doc-02", "doc-03", "doc-04", "doc-05"];
    const lengths = await createDocumentTexts(store).textsOf(wanted.map((id) => ({ id, tx: undefined })));
    expect([...lengths.keys()].sort()).toEqual(["doc-03", "doc-04", "doc-05"]);
    expect(reads.at(-1)).toEqual(wanted);
    // Room for the last two read: the first one goes.
    const texts = createDocumentTexts(store, lengths.get("doc-04")!.text.length + lengths.get("doc-05")!.text.length);
    await texts.textsOf(wanted.map((id) => ({ id, tx: undefined })));
    const reading = async (id: string) => {
      const before = reads.length;
      await texts.textsOf([{ id, tx: await txOf(id) }]);
      return reads.length > before;
    };
    expect(await reading("doc-05")).toBe(false);
    expect(await reading("doc-04")).toBe(false);
    expect(await reading("doc-03")).toBe(true);
  });
});
