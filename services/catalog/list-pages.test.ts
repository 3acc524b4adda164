/**
 * The catalog's lists as one read for every caller: each answers has_more by reading one row past its limit (so no
 * caller over-fetches past the list's maximum), and the thread list continues strictly after a keyset position.
 */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { BOARD, BULK_LOG, BULK_POOL, BULK_THREADS, FIXED_NOW, fillCatalog } from "../../test/fixtures/catalog.js";
import { catalogRoutes } from "./routes.js";

let db: TestDatabase;
let client: Client<typeof CatalogService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "lists");
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

const THREADS = 5 + BULK_THREADS;

describe("has_more", () => {
  it("is true exactly while rows follow the last one returned", async () => {
    for (const [limit, hasMore] of [
      [THREADS - 1, true],
      [THREADS, false],
      [THREADS + 1, false],
    ] as const) {
      const res = await client.listThreads({ limit });
      expect([res.count, res.hasMore]).toEqual([Math.min(limit, THREADS), hasMore]);
    }
    expect((await client.listThreads({ status: "completed", limit: 1 })).hasMore).toBe(true);
    expect((await client.listThreads({ status: "completed", limit: 2 })).hasMore).toBe(false);
    const pool = 5 + BULK_POOL;
    expect((await client.listTopicPool({ limit: pool - 1 })).hasMore).toBe(true);
    expect((await client.listTopicPool({ limit: pool })).hasMore).toBe(false);
    const log = 6 + BULK_LOG;
    expect((await client.listSimilarityLog({ limit: log - 1 })).hasMore).toBe(true);
    const all = await client.listSimilarityLog({ limit: log });
    expect([all.count, all.hasMore]).toEqual([log, false]);
  });
});

describe("threads after a position", () => {
  it("continue strictly after it, in the same order, with and without a status", async () => {
    const all = (await client.listThreads({ limit: 200 })).threads;
    const [, second] = all;
    const after = { at: second!.updatedAt, id: second!.boardId };
    const next = await client.listThreads({ after, limit: 2 });
    expect(next.threads).toEqual(all.slice(2, 4));
    expect(next.hasMore).toBe(true);
    const rest = await client.listThreads({ after, limit: 200 });
    expect([rest.threads, rest.hasMore]).toEqual([all.slice(2), false]);
    const completed = await client.listThreads({ status: "completed", limit: 1 });
    const last = completed.threads[0]!;
    const tail = await client.listThreads({
      status: "completed",
      after: { at: last.updatedAt, id: last.boardId },
      limit: 5,
    });
    expect([tail.threads.map((t) => t.boardId), tail.hasMore]).toEqual([[BOARD.completed], false]);
  });

  it("refuses a position whose id cannot be a board", async () => {
    const err = await client.listThreads({ limit: 1, after: { at: 1n, id: "not-a-uuid" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect([(err as ConnectError).code, (err as ConnectError).rawMessage]).toEqual([
      Code.InvalidArgument,
      "invalid after: a keyset position needs a timestamp and the id of a row",
    ]);
  });
});
