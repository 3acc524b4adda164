/**
 * WhiteboardPagesService through the in-memory Connect router transport, over the catalog's fixtures: single cards,
 * an analyst's cards, report languages and extracted actions.
 */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WhiteboardPagesService } from "../../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { loadConfig } from "../../../lib/config/config.js";
import { createPostgresObjectStore } from "../../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/test-database.js";
import { FIXED_NOW } from "../../../test/fixtures/catalog.js";
import { whiteboardPagesRoutes } from "./routes.js";
import { ACTIONS_AT, fillWhiteboard } from "../../../test/fixtures/whiteboard-pages.js";

let db: TestDatabase;
let client: Client<typeof WhiteboardPagesService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "wbpages");
  await fillWhiteboard(db.owner);
  const deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({}),
    now: () => FIXED_NOW,
  };
  const transport = createRouterTransport((r) => whiteboardPagesRoutes(deps)(r));
  client = createClient(WhiteboardPagesService, transport);
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

describe("cards", () => {
  it("gets one card, an analyst's cards newest first, and report languages in rule-1 order", async () => {
    expect((await client.getCard({ cardId: "c-full" })).card?.hasReport).toBe(true);
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
