/**
 * CatalogService through the in-memory Connect router transport, over a fresh database with hand-made rows.
 * What the gateway shapes into JSON is asserted in gateway/rest/catalog-routes.test.ts; here, the messages,
 * the orderings and the Connect codes internal callers see.
 */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { createPostgresObjectStore, sha256Hex } from "../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { catalogRoutes } from "./routes.js";
import {
  BOARD,
  BULK_LOG,
  BULK_POOL,
  BULK_THREADS,
  FIXED_NOW,
  fillCatalog,
  NOW_S,
  REPORT,
} from "../../test/fixtures/catalog.js";

let db: TestDatabase;
let client: Client<typeof CatalogService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "catalog");
  await fillCatalog(db.owner);
  const deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: () => FIXED_NOW,
  };
  client = createClient(CatalogService, createRouterTransport(catalogRoutes(deps)));
});
afterAll(() => db?.drop());

/** The Connect code and raw message a call fails with. */
async function failure(call: Promise<unknown>): Promise<{ code: Code; message: string }> {
  const err = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectError);
  const { code, rawMessage } = err as ConnectError;
  return { code, message: rawMessage };
}

describe("analysts", () => {
  it("lists every analyst by category order, analyst order, id; uncategorised last", async () => {
    const res = await client.listAnalysts({});
    expect(res.count).toBe(5);
    expect(res.analysts.map((a) => [a.id, a.categoryId])).toEqual([
      ["a-zeta", "equity"],
      ["a-beta", "macro"],
      ["a-alpha", "macro"],
      ["a-gamma", "macro"],
      ["a-free", undefined],
    ]);
    const zeta = res.analysts[0]!;
    expect([zeta.name, zeta.nameEn, zeta.icon, zeta.agent, zeta.specialty, zeta.specialtyEn]).toEqual([
      "泽塔",
      "Zeta",
      "📈",
      "claude",
      "股票研究",
      "Equity research",
    ]);
    expect([zeta.categoryName, zeta.categoryNameEn, zeta.tasksDefault]).toEqual([
      "股票",
      undefined,
      ["daily", "weekly"],
    ]);
  });

  it("gets one analyst with its nested category, or none when it has no category", async () => {
    const { analyst } = await client.getAnalyst({ analystId: "a-alpha" });
    expect(analyst?.category).toMatchObject({ id: "macro", name: "宏观", nameEn: "Macro" });
    expect(analyst?.categoryName).toBe("宏观");
    const free = await client.getAnalyst({ analystId: "a-free" });
    expect(free.analyst?.category).toBeUndefined();
    expect(free.analyst?.tasksDefault).toEqual(["daily"]);
  });

  it("answers NotFound for an unknown analyst", async () => {
    expect(await failure(client.getAnalyst({ analystId: "nobody" }))).toEqual({
      code: Code.NotFound,
      message: "analyst not found: nobody",
    });
    expect(await failure(client.getAnalyst({ analystId: "" }))).toEqual({
      code: Code.NotFound,
      message: "analyst not found: ",
    });
  });
});

describe("threads", () => {
  it("lists the most recently updated first, board_id descending on ties, with card counts", async () => {
    const res = await client.listThreads({ limit: 6 });
    expect(res.count).toBe(6);
    expect(res.threads.map((t) => [t.boardId, t.cardCount])).toEqual([
      [BOARD.queued, 0],
      [BOARD.running, 1],
      [BOARD.later, 0],
      [BOARD.completed, 3],
      [BOARD.failed, 0],
      [expect.any(String), 0],
    ]);
    const completed = res.threads[3]!;
    expect(completed.workDate).toBe("2026-03-09");
    expect([completed.createdAt, completed.updatedAt]).toEqual([1773000000000n, 1773000500000n]);
  });

  it("takes the default limit 50 when the limit is unset (0), and filters by status", async () => {
    expect((await client.listThreads({})).count).toBe(50);
    expect((await client.listThreads({ status: "active", limit: 200 })).count).toBe(BULK_THREADS);
    const completed = await client.listThreads({ status: "completed" });
    expect(completed.threads.map((t) => t.boardId)).toEqual([BOARD.later, BOARD.completed]);
  });

  it("refuses a status or limit outside the spec with InvalidArgument", async () => {
    expect(await failure(client.listThreads({ status: "done" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid status 'done': must be one of queued, active, running, completed, failed",
    });
    for (const limit of [-1, 201]) {
      expect(await failure(client.listThreads({ limit }))).toEqual({
        code: Code.InvalidArgument,
        message: `invalid limit ${limit}: must be between 1 and 200`,
      });
    }
  });

  it("gets a thread with its cards in card_index order, saying which have a report", async () => {
    const { thread } = await client.getThread({ boardId: BOARD.completed });
    expect(thread?.cardCount).toBe(3);
    expect(thread?.cards.map((c) => [c.cardId, c.cardIndex, c.hasReport])).toEqual([
      ["c-full", 0, true],
      ["c-plain", 1, true],
      ["c-none", 2, false],
    ]);
    expect(thread?.cards[0]?.startedAt).toBe(1773000100000n);
    expect(thread?.cards[2]?.startedAt).toBeUndefined();
  });

  it("answers NotFound for an unknown board, and for an id that is not a uuid (no database error)", async () => {
    for (const boardId of [BOARD.unknown, "not-a-uuid", "", "11111111-1111-4111-8111-11111111111"]) {
      expect(await failure(client.getThread({ boardId }))).toEqual({
        code: Code.NotFound,
        message: `board not found: ${boardId}`,
      });
    }
  });

  it("accepts an upper-case uuid for a board", async () => {
    const { thread } = await client.getThread({ boardId: BOARD.later.toUpperCase() });
    expect(thread?.boardId).toBe(BOARD.later);
  });
});

describe("card reports (rule 1)", () => {
  const doc = async (cardId: string, lang = "") => (await client.getCardReport({ cardId, lang })).document;

  it("without lang, serves English first, then the language-agnostic report", async () => {
    expect(await doc("c-full")).toMatchObject({
      body: REPORT.en,
      sha256: sha256Hex(REPORT.en),
      lastModified: 1773000210000n,
    });
    expect(await doc("c-plain")).toMatchObject({
      body: REPORT.plainOnly,
      sha256: sha256Hex(REPORT.plainOnly),
      lastModified: 1773000400000n,
    });
  });

  it("with lang, serves exactly that language", async () => {
    expect(await doc("c-full", "zh")).toMatchObject({ body: REPORT.zh, lastModified: 1773000220000n });
    expect(await doc("c-full", "en")).toMatchObject({ body: REPORT.en });
    expect(await doc("c-zh", "zh")).toMatchObject({ body: REPORT.zhOnly });
  });

  it("tells a missing card from a missing report", async () => {
    expect(await failure(doc("nope"))).toEqual({ code: Code.NotFound, message: "card not found: nope" });
    expect(await failure(doc("c-none"))).toEqual({
      code: Code.NotFound,
      message: "no en or plain report for card c-none",
    });
    // A Chinese-only report is not a fallback: rule 1 names English, then language-agnostic.
    expect(await failure(doc("c-zh"))).toEqual({ code: Code.NotFound, message: "no en or plain report for card c-zh" });
    expect(await failure(doc("c-plain", "en"))).toEqual({
      code: Code.NotFound,
      message: "no en report for card c-plain",
    });
    expect(await failure(doc("c-plain", "zh"))).toEqual({
      code: Code.NotFound,
      message: "no zh report for card c-plain",
    });
  });

  it("refuses a language outside en|zh, plain included", async () => {
    expect(await failure(doc("c-full", "plain"))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid lang 'plain': must be one of en, zh",
    });
  });
});

describe("topic pool", () => {
  it("orders by score, then newest, then pool_id, over every status by default", async () => {
    const res = await client.listTopicPool({ limit: 7 });
    expect(res.entries.map((e) => e.poolId)).toEqual([
      "p-promoted",
      "p-top",
      "p-mid",
      "p-rejected",
      "p-expired",
      "bulk-110",
      "bulk-109",
    ]);
    expect(res.count).toBe(7);
    expect((await client.listTopicPool({})).count).toBe(100);
    expect((await client.listTopicPool({ limit: 500 })).count).toBe(5 + BULK_POOL);
  });

  it("filters candidate and promoted entries", async () => {
    expect((await client.listTopicPool({ status: "candidate" })).entries.map((e) => e.poolId)).toEqual([
      "p-top",
      "p-mid",
    ]);
    const promoted = await client.listTopicPool({ status: "promoted" });
    expect(promoted.entries.map((e) => [e.poolId, e.promotedBoardId, e.promotedAt])).toEqual([
      ["p-promoted", BOARD.running, 1773100000000n],
    ]);
  });

  it("refuses other statuses and out-of-range limits", async () => {
    for (const status of ["expired", "all", "CANDIDATE"]) {
      expect(await failure(client.listTopicPool({ status }))).toEqual({
        code: Code.InvalidArgument,
        message: `invalid status '${status}': must be one of candidate, promoted`,
      });
    }
    expect(await failure(client.listTopicPool({ limit: 501 }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid limit 501: must be between 1 and 500",
    });
  });
});

describe("similarity log", () => {
  const summary = { "skip-summarize": 1, "context-augmented": 1, fresh: 2 };

  it("lists newest first, log_id descending on ties, with matches and thresholds", async () => {
    const res = await client.listSimilarityLog({ limit: 7 });
    expect(res.entries.map((e) => e.logId)).toEqual([
      "l-fresh",
      "l-skip",
      "l-augment",
      "l-edge",
      "l-outside",
      "l-old",
      "bulk-001",
    ]);
    const skip = res.entries[1]!;
    expect(skip.decidedAt).toBe(BigInt(NOW_S - 200));
    expect(skip.matches.map((m) => [m.score, m.kind, m.id, m.ageDays, m.topic])).toEqual([
      [0.93, "thread", BOARD.failed, 2.5, "Rates"],
      [0.41, undefined, undefined, undefined, undefined],
    ]);
    expect(skip.thresholds).toEqual({ skip: 0.9, augment: 0.75, floor: null });
    expect(res.entries[0]?.thresholds).toBeUndefined();
    expect(res.entries[2]?.thresholds).toEqual({});
  });

  it("counts the trailing seven days whatever the limit and the decision filter", async () => {
    const one = await client.listSimilarityLog({ limit: 1 });
    expect([one.count, one.summary7d]).toEqual([1, summary]);
    const fresh = await client.listSimilarityLog({ decision: "fresh", limit: 500 });
    expect(fresh.entries.slice(0, 2).map((e) => e.logId)).toEqual(["l-fresh", "l-edge"]);
    expect([fresh.count, fresh.summary7d]).toEqual([2 + BULK_LOG, summary]);
    expect((await client.listSimilarityLog({})).count).toBe(100);
  });

  it("reports zero for a decision absent from the window", async () => {
    const transport = createRouterTransport(
      catalogRoutes({
        db: db.reader,
        objects: createPostgresObjectStore(db.reader),
        config: loadConfig({}),
        now: () => FIXED_NOW + 150_000,
      }),
    );
    // 150 s later, l-skip and l-augment (now - 200 s) are still in; l-edge (exactly 7 days) has left.
    const later = await createClient(CatalogService, transport).listSimilarityLog({ limit: 1 });
    expect(later.summary7d).toEqual({ "skip-summarize": 1, "context-augmented": 1, fresh: 1 });
    const muchLater = createClient(
      CatalogService,
      createRouterTransport(
        catalogRoutes({
          db: db.reader,
          objects: createPostgresObjectStore(db.reader),
          config: loadConfig({}),
          now: () => FIXED_NOW + 30 * 86_400_000,
        }),
      ),
    );
    expect((await muchLater.listSimilarityLog({ limit: 1 })).summary7d).toEqual({
      "skip-summarize": 0,
      "context-augmented": 0,
      fresh: 0,
    });
  });

  it("refuses an unknown decision and out-of-range limits", async () => {
    expect(await failure(client.listSimilarityLog({ decision: "skip" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid decision 'skip': must be one of skip-summarize, context-augmented, fresh",
    });
    expect(await failure(client.listSimilarityLog({ limit: -5 }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid limit -5: must be between 1 and 500",
    });
  });
});
