/**
 * WhiteboardPagesService through the in-memory Connect router transport, over the catalog's fixtures: the board
 * keyset (same order as the REST thread list), lists past the REST maximum, single cards and extracted actions.
 */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CatalogService } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import { WhiteboardPagesService } from "../../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { loadConfig } from "../../../lib/config/config.js";
import { createPostgresObjectStore } from "../../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/test-database.js";
import { catalogRoutes } from "../routes.js";
import { BOARD, BULK_LOG, BULK_POOL, BULK_THREADS, FIXED_NOW } from "../../../test/fixtures/catalog.js";
import { whiteboardPagesRoutes } from "./routes.js";
import { ACTIONS_AT, fillWhiteboard } from "../../../test/fixtures/whiteboard-pages.js";

let db: TestDatabase;
let client: Client<typeof WhiteboardPagesService>;
let catalog: Client<typeof CatalogService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "wbpages");
  await fillWhiteboard(db.owner);
  const deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: () => FIXED_NOW,
  };
  const transport = createRouterTransport((r) => {
    whiteboardPagesRoutes(deps)(r);
    catalogRoutes(deps)(r);
  });
  client = createClient(WhiteboardPagesService, transport);
  catalog = createClient(CatalogService, transport);
});
afterAll(() => db?.drop());

async function failure(call: Promise<unknown>): Promise<{ code: Code; message: string }> {
  const err = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectError);
  return { code: (err as ConnectError).code, message: (err as ConnectError).rawMessage };
}

describe("boards", () => {
  it("pages in the REST thread list's order, continuing strictly after a position", async () => {
    const rest = await catalog.listThreads({ limit: 200 });
    const all = await client.pageBoards({ limit: 1001 });
    expect(all.threads).toEqual(rest.threads);
    expect(all.threads).toHaveLength(5 + BULK_THREADS);
    const [, second] = all.threads;
    const after = await client.pageBoards({ after: { at: second!.updatedAt, id: second!.boardId }, limit: 2 });
    expect(after.threads).toEqual(all.threads.slice(2, 4));
    const completed = await client.pageBoards({ status: "completed", limit: 10 });
    expect(completed.threads.map((t) => t.boardId)).toEqual([BOARD.later, BOARD.completed]);
  });

  it("refuses a position whose id cannot be a board, and an unknown status", async () => {
    expect(await failure(client.pageBoards({ limit: 1, after: { at: 1n, id: "not-a-uuid" } }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await failure(client.pageBoards({ limit: 1, status: "done" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid status 'done': must be one of queued, active, running, completed, failed",
    });
  });
});

describe("pool and log past the REST maximum", () => {
  it("returns the catalog's rows in the catalog's order, up to 1001", async () => {
    const rest = await catalog.listTopicPool({ limit: 500 });
    expect((await client.fetchTopicPool({ limit: 501 })).entries).toEqual(rest.entries);
    expect(rest.entries).toHaveLength(5 + BULK_POOL);
    const log = await client.fetchSimilarityLog({ limit: 1001 });
    expect(log.entries).toHaveLength(6 + BULK_LOG);
    expect(log.summary7d).toEqual((await catalog.listSimilarityLog({ limit: 1 })).summary7d);
  });
});

describe("cards", () => {
  it("gets one card, an analyst's cards newest first, and report languages in rule-1 order", async () => {
    expect((await client.getCard({ cardId: "c-full" })).card?.reportUrl).toBe("/api/v1/whiteboard/cards/c-full/report");
    expect((await client.listAnalystCards({ analystId: "a-alpha", limit: 5 })).cards.map((c) => c.cardId)).toEqual([
      "c-zh",
      "c-plain",
    ]);
    expect((await client.listCardReportLanguages({ cardId: "c-full" })).languages.map((l) => l.lang)).toEqual([
      "en",
      "plain",
      "zh",
    ]);
    expect((await client.listCardReportLanguages({ cardId: "c-none" })).languages).toEqual([]);
    expect(await failure(client.getCard({ cardId: "c-missing" }))).toEqual({
      code: Code.NotFound,
      message: "card not found: c-missing",
    });
  });

  it("reads extracted actions, or says none were extracted yet", async () => {
    const full = await client.getCardActions({ cardId: "c-full" });
    expect([full.extracted, full.source, full.sourceChars, full.truncated, full.extractedAt]).toEqual([
      true,
      "report:en",
      120,
      false,
      BigInt(ACTIONS_AT),
    ]);
    expect(full.actions?.values).toHaveLength(2);
    const none = await client.getCardActions({ cardId: "c-zh" });
    expect([none.extracted, none.actions, none.source]).toEqual([false, undefined, undefined]);
    expect(await failure(client.getCardActions({ cardId: "c-missing" }))).toMatchObject({ code: Code.NotFound });
  });
});
