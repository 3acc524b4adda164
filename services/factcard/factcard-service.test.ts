import { createHash, createHmac } from "node:crypto";
import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  FactCardSchema,
  FactCardService,
  type ListFactCardsRequest,
} from "../../gen/institute/factcard/v1/factcard_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { embedPending } from "../embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { protoToJson } from "../../lib/proto-json.js";
import { DEFAULT_REUSE_POLICY } from "../../lib/reuse-policy.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { databaseCursorSigner } from "../../lib/cursor/cursor-key.js";
import { encodeCursor, filterFingerprint } from "./cursor.js";
import { factCardRoutes } from "./routes.js";
import { BASE_TIME, CLAIMS, factCardRow, insertFactCards } from "../../test/fixtures/factcard.js";

let db: TestDatabase;
let client: Client<typeof FactCardService>;
let runtime: VectorRuntime;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "factcard");
  await insertFactCards(db.owner, CLAIMS);
  await embedPending(db.owner, createHashedNgramEmbedder());
  runtime = new VectorRuntime({ db: db.reader, config: { embeddings: null, indexRefreshMs: 0 } });
  await runtime.start();
  const config = loadConfig({ FACTCARD_REUSE_POLICY: '{"financial": {"threshold": 0.99}}' });
  client = createClient(
    FactCardService,
    createRouterTransport(
      factCardRoutes({
        db: db.reader,
        objects: createPostgresObjectStore(db.reader),
        config,
        now: Date.now,
        vectors: runtime,
      }),
    ),
  );
});
afterAll(async () => {
  await runtime?.stop();
  await db?.drop();
});

const list = (request: Partial<Omit<ListFactCardsRequest, "$typeName" | "$unknown">> = {}) =>
  client.listFactCards(request);
const idsOf = (res: { factCards: { factCardId: string }[] }) => res.factCards.map((c) => c.factCardId);

describe("FactCardService.ListFactCards", () => {
  it("lists newest first: created_at, then fact_card_id, descending", async () => {
    const res = await list();
    expect(idsOf(res)).toEqual(["fc-07", "fc-06", "fc-05", "fc-04", "fc-03", "fc-02", "fc-01"]);
    expect(res.count).toBe(7);
    expect(res.nextCursor).toBeUndefined();
  });

  it("filters by each field, and by several at once", async () => {
    expect(idsOf(await list({ status: "completed" }))).toEqual(["fc-07", "fc-01"]);
    expect(idsOf(await list({ parentKind: "session_message" }))).toEqual(["fc-02"]);
    expect(idsOf(await list({ parentKind: "external", parentId: "feed-9" }))).toEqual(["fc-06"]);
    expect(idsOf(await list({ claimCategory: "numerical" }))).toEqual(["fc-02", "fc-01"]);
    expect(idsOf(await list({ verdict: "verified", status: "reused" }))).toEqual(["fc-02"]);
    expect(idsOf(await list({ parentId: "nothing" }))).toEqual([]);
  });

  it("pages with an opaque cursor until there is no next_cursor", async () => {
    const first = await list({ limit: 3 });
    expect(idsOf(first)).toEqual(["fc-07", "fc-06", "fc-05"]);
    const second = await list({ limit: 3, cursor: first.nextCursor! });
    expect(idsOf(second)).toEqual(["fc-04", "fc-03", "fc-02"]);
    const third = await list({ limit: 3, cursor: second.nextCursor! });
    expect(idsOf(third)).toEqual(["fc-01"]);
    expect(third.nextCursor).toBeUndefined();
  });

  it("refuses a tampered, foreign or mismatched cursor with InvalidArgument", async () => {
    // Signed as the service signs (no CURSOR_SECRET: the deployment's key in the database).
    const signer = await databaseCursorSigner(db.reader)();
    const { nextCursor } = await list({ limit: 2, status: "completed" });
    const cursor = nextCursor ?? encodeCursor(signer, { createdAt: BASE_TIME, id: "fc-01" }, { status: "completed" });
    const flipped = cursor.slice(0, 5) + (cursor[5] === "A" ? "B" : "A") + cursor.slice(6);
    const forged =
      Buffer.from(JSON.stringify({ t: 1, i: "fc-01", f: "x" })).toString("base64url") + "." + cursor.split(".")[1];
    for (const bad of [flipped, forged, "garbage", "a.b.c", `${cursor}x`, "x".repeat(2000)]) {
      await expect(list({ limit: 2, status: "completed", cursor: bad }), bad.slice(0, 20)).rejects.toThrow(
        "[invalid_argument] invalid cursor: not a cursor this list issued (pass back next_cursor unchanged)",
      );
    }
    const mine = encodeCursor(signer, { createdAt: BASE_TIME + 7_000, id: "fc-07" }, { status: "completed" });
    await expect(list({ status: "failed", cursor: mine })).rejects.toThrow(
      "invalid cursor: it was issued for other filters (start again without a cursor)",
    );
    expect(idsOf(await list({ status: "completed", cursor: mine }))).toEqual(["fc-01"]);
  });

  it("refuses a cursor signed under the key the source once held, as any foreign cursor", async () => {
    const oldKey = createHash("sha256")
      .update("institute.factcard.v1.FactCardService/ListFactCards cursor v1")
      .digest();
    const payload = Buffer.from(JSON.stringify({ t: BASE_TIME, i: "fc-01", f: filterFingerprint({}) })).toString(
      "base64url",
    );
    const old = `${payload}.${createHmac("sha256", oldKey).update(payload).digest().subarray(0, 16).toString("base64url")}`;
    await expect(list({ cursor: old })).rejects.toThrow(
      "[invalid_argument] invalid cursor: not a cursor this list issued (pass back next_cursor unchanged)",
    );
  });

  it("refuses values outside the vocabulary and limits outside 1 to 200", async () => {
    await expect(list({ status: "done" })).rejects.toThrow(
      "status must be one of queued, running, completed, failed, reused, skipped",
    );
    await expect(list({ verdict: "true" })).rejects.toThrow(
      "verdict must be one of verified, disputed, uncertain, unverifiable",
    );
    await expect(list({ limit: 201 })).rejects.toThrow("limit must be 1 to 200, got 201");
    await expect(list({ limit: -1 })).rejects.toThrow("limit must be 1 to 200, got -1");
  });
});

describe("FactCardService.GetFactCard", () => {
  it("returns every field, nulls where absent", async () => {
    const { factCard } = await client.getFactCard({ factCardId: "fc-02" });
    expect(protoToJson(FactCardSchema, factCard)).toEqual({
      fact_card_id: "fc-02",
      parent_kind: "session_message",
      parent_id: "s-rates-1:4",
      parent_session_id: "s-rates-1",
      claim_text: "美联储九月降息25个基点。",
      claim_text_en: "The Federal Reserve cut rates by 25 basis points in September.",
      claim_category: "numerical",
      priority: "normal",
      status: "reused",
      verdict: "verified",
      found_text: null,
      found_text_en: null,
      source_urls: [],
      similar_to_fact_id: "fc-01",
      similarity_score: 0.97,
      embedding_status: "done",
      created_at: BASE_TIME + 2_000,
      completed_at: null,
      updated_at: BASE_TIME + 2_000,
    });
    expect(
      protoToJson(FactCardSchema, (await client.getFactCard({ factCardId: "fc-03" })).factCard).source_urls,
    ).toBeNull();
  });

  it("answers NotFound for an unknown id", async () => {
    await expect(client.getFactCard({ factCardId: "fc-nope" })).rejects.toThrow("[not_found] no fact card fc-nope");
  });
});

describe("FactCardService.ListSimilarFacts", () => {
  it("returns the nearest claims, the card itself excluded, with the configured reuse policy", async () => {
    const res = await client.listSimilarFacts({ factCardId: "fc-01", topK: 0 });
    expect(res.factCardId).toBe("fc-01");
    expect(res.matches.map((m) => m.factCardId)).not.toContain("fc-01");
    expect(res.matches[0]!.factCardId).toBe("fc-02");
    expect(res.matches).toHaveLength(5); // every other card with a vector (fc-06 has no text)
    expect(res.count).toBe(5);
    const scores = res.matches.map((m) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(res.matches[0]).toMatchObject({
      claimCategory: "numerical",
      verdict: "verified",
      claimTextEn: "The Federal Reserve cut rates by 25 basis points in September.",
    });
    expect(Object.keys(res.reusePolicy).sort()).toEqual(Object.keys(DEFAULT_REUSE_POLICY).sort());
    expect(res.reusePolicy.financial).toMatchObject({
      threshold: 0.99,
      ttlDays: DEFAULT_REUSE_POLICY.financial.ttlDays,
    });
    expect(res.reusePolicy.prose).toMatchObject(DEFAULT_REUSE_POLICY.prose);
  });

  it("honours top_k and same_category", async () => {
    expect((await client.listSimilarFacts({ factCardId: "fc-01", topK: 2 })).matches).toHaveLength(2);
    const same = await client.listSimilarFacts({ factCardId: "fc-01", topK: 20, sameCategory: true });
    expect(same.matches.map((m) => m.factCardId)).toEqual(["fc-02"]);
  });

  it("embeds a card that has no vector yet, and answers no matches for a card with no text", async () => {
    await insertFactCards(db.owner, [
      factCardRow("fc-fresh", {
        claim_text_en: "The Fed cut rates by 25 basis points.",
        claim_category: "numerical",
        created_at: BASE_TIME,
      }),
    ]);
    const fresh = await client.listSimilarFacts({ factCardId: "fc-fresh", topK: 1 });
    expect(fresh.matches[0]!.factCardId).toBe("fc-01");
    expect(await client.listSimilarFacts({ factCardId: "fc-06" })).toMatchObject({ count: 0, matches: [] });
  });

  it("finds the neighbours of a claim text that is no card, excluding nothing", async () => {
    const res = await client.listSimilarFacts({ claimText: "The Fed cut rates by 25 basis points.", topK: 2 });
    expect(res.factCardId).toBe("");
    expect(res.matches[0]!.factCardId).toBe("fc-01");
    expect(res.matches).toHaveLength(2);
    expect(res.count).toBe(2);
    expect(Object.keys(res.reusePolicy).sort()).toEqual(Object.keys(DEFAULT_REUSE_POLICY).sort());
  });

  it("refuses a claim text beside a card id, a blank or overlong one, and same_category with a claim text", async () => {
    await expect(client.listSimilarFacts({ factCardId: "fc-01", claimText: "x" })).rejects.toThrow(
      "give fact_card_id or claim_text, not both",
    );
    await expect(client.listSimilarFacts({ claimText: "  " })).rejects.toThrow(
      "claim_text must be 1 to 2000 characters",
    );
    await expect(client.listSimilarFacts({ claimText: "x".repeat(2001) })).rejects.toThrow(
      "claim_text must be 1 to 2000 characters",
    );
    await expect(client.listSimilarFacts({ claimText: "x", sameCategory: true })).rejects.toThrow(
      "same_category needs a fact card: a claim text has no category",
    );
  });

  it("answers NotFound for an unknown card and InvalidArgument for top_k outside 1 to 20", async () => {
    await expect(client.listSimilarFacts({ factCardId: "fc-nope" })).rejects.toThrow(
      "[not_found] no fact card fc-nope",
    );
    await expect(client.listSimilarFacts({ factCardId: "fc-01", topK: 21 })).rejects.toThrow(
      "top_k must be 1 to 20, got 21",
    );
  });
});

describe("FactCardService.ListSimilarFacts with a mode", () => {
  it("ranks by the claim texts' terms (keyword), by cosine alone (semantic), or both fused (hybrid)", async () => {
    // Only cards sharing a term come back by keyword: fc-02 (its English half) and fc-07 (rates, basis points).
    const keyword = await client.listSimilarFacts({ factCardId: "fc-01", topK: 3, mode: "keyword" });
    expect(keyword.matches.map((m) => m.factCardId)).toEqual(["fc-02", "fc-07"]);
    const cosine = await client.listSimilarFacts({ factCardId: "fc-01", topK: 3 });
    const semantic = await client.listSimilarFacts({ factCardId: "fc-01", topK: 3, mode: "semantic" });
    expect(semantic.matches).toEqual(cosine.matches);
    const hybrid = await client.listSimilarFacts({ factCardId: "fc-01", topK: 3, mode: "hybrid" });
    expect(hybrid.matches[0]!.factCardId).toBe("fc-02");
    expect(hybrid.matches[0]!.score).toBeCloseTo(2 / 61, 12);
    const same = await client.listSimilarFacts({ factCardId: "fc-01", topK: 20, sameCategory: true, mode: "hybrid" });
    expect(same.matches.map((m) => m.factCardId)).toEqual(["fc-02"]);
  });

  it("refuses a mode outside hybrid, keyword and semantic", async () => {
    await expect(client.listSimilarFacts({ factCardId: "fc-01", mode: "fuzzy" })).rejects.toThrow(
      "mode must be one of hybrid, keyword, semantic",
    );
  });
});
