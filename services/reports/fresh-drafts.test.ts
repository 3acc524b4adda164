/**
 * Reports are read again after a newer draft is archived, or a body is replaced under its key: the service answers
 * the new one at once (its bodies are cached by content hash, so nothing stale can be served).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresObjectStore, sha256Hex } from "../../lib/object-store/object-store.js";
import { addReport, EDITOR, sgt, startReportsService, type ReportsHarness } from "../../test/fixtures/reports.js";

let h: ReportsHarness;
beforeAll(async () => {
  h = await startReportsService({ now: () => sgt("2026-04-02T10:00") });
});
afterAll(() => h?.close());

const draft = (id: string, at: string, body: string) => ({
  id,
  kind: "daily" as const,
  analyst: EDITOR,
  date: "2026-04-01",
  lang: "en" as const,
  archivedAt: sgt(at),
  body,
});

describe("a daily read, then a newer draft", () => {
  it("answers the newer draft on the next read", async () => {
    await addReport(h.db.owner, draft("d1", "2026-04-01T09:00", "# Draft one"));
    const first = (await h.client.getDailyReport({ date: "2026-04-01" })).document!;
    expect(first.body).toBe("# Draft one");
    await addReport(h.db.owner, draft("d2", "2026-04-01T17:00", "# Final"));
    const second = (await h.client.getDailyReport({ date: "2026-04-01" })).document!;
    expect(second).toMatchObject({
      body: "# Final",
      sha256: sha256Hex("# Final"),
      lastModified: BigInt(sgt("2026-04-01T17:00")),
    });
  });

  it("answers a body replaced under the same object key", async () => {
    const key = `reports/daily/2026-04-01/${EDITOR}/d2.md`;
    await createPostgresObjectStore(h.db.owner).put(key, "# Final, corrected");
    const doc = (await h.client.getDailyReport({ date: "2026-04-01" })).document!;
    expect(doc).toMatchObject({ body: "# Final, corrected", sha256: sha256Hex("# Final, corrected") });
  });
});
