/** Bodies by content identity over the real PostgreSQL object store: read once, never served for other content. */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { createBodyCache } from "./body-cache.js";
import { createPostgresObjectStore, sha256Hex, type ObjectStore } from "./object-store.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
});
afterAll(() => db?.drop());

/** The real store, counting its reads. */
function counted(): { store: ObjectStore; reads: string[] } {
  const real = createPostgresObjectStore(db.reader);
  const reads: string[] = [];
  return { reads, store: { get: (key) => (reads.push(key), real.get(key)), put: real.put } };
}

describe("the body cache", () => {
  it("reads a body once, then serves it from memory", async () => {
    const stored = await createPostgresObjectStore(db.owner).put("c/one.md", "# One");
    const { store, reads } = counted();
    const bodies = createBodyCache(store);
    const [a, b] = await Promise.all([bodies.get("c/one.md", stored.sha256), bodies.get("c/one.md", stored.sha256)]);
    expect((await bodies.get("c/one.md", stored.sha256))?.body).toBe("# One");
    expect([a?.body, b?.body]).toEqual(["# One", "# One"]);
    expect(reads).toEqual(["c/one.md"]);
  });

  it("serves a replaced body under its new hash, never the old one", async () => {
    const owner = createPostgresObjectStore(db.owner);
    const before = await owner.put("c/two.md", "first");
    const bodies = createBodyCache(createPostgresObjectStore(db.reader));
    expect((await bodies.get("c/two.md", before.sha256))?.body).toBe("first");
    const after = await owner.put("c/two.md", "second");
    expect((await bodies.get("c/two.md", after.sha256))?.body).toBe("second");
    // Asked under a hash that no longer holds, it reads and answers what the store holds now, with that hash.
    const current = await createBodyCache(createPostgresObjectStore(db.reader)).get("c/two.md", sha256Hex("first"));
    expect(current).toMatchObject({ body: "second", sha256: after.sha256 });
  });

  it("keeps at most its size in characters, least recently used first out", async () => {
    const owner = createPostgresObjectStore(db.owner);
    const [x, y, z] = await Promise.all(["x", "y", "z"].map((k) => owner.put(`c/${k}.md`, k.repeat(10))));
    const { store, reads } = counted();
    const bodies = createBodyCache(store, { maxChars: 25 });
    await bodies.get("c/x.md", x!.sha256);
    await bodies.get("c/y.md", y!.sha256);
    await bodies.get("c/x.md", x!.sha256);
    await bodies.get("c/z.md", z!.sha256);
    expect(reads).toEqual(["c/x.md", "c/y.md", "c/z.md"]);
    await bodies.get("c/x.md", x!.sha256);
    await bodies.get("c/y.md", y!.sha256);
    expect(reads).toEqual(["c/x.md", "c/y.md", "c/z.md", "c/y.md"]);
  });

  it("answers undefined for a missing key", async () => {
    expect(await createBodyCache(createPostgresObjectStore(db.reader)).get("c/none.md", sha256Hex(""))).toBeUndefined();
  });
});
