/**
 * Spec §8's whiteboard metadata preview max (1000): the preview rule itself, then the thread and card free text as
 * both whiteboard services hand it out (the REST lists and details, and the tools' pages and cards), over a fresh
 * database holding a thread and a card whose every free-text column is longer than the limit.
 */
import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { WhiteboardPagesService } from "../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import { metadataPreview, WHITEBOARD_METADATA_PREVIEW_MAX } from "./metadata-preview.js";
import { catalogRoutes } from "./routes.js";
import { whiteboardPagesRoutes } from "./whiteboard-pages/routes.js";

const codePoints = (text: string) => Array.from(text).length;

describe("metadataPreview", () => {
  it("is the spec's 1000", () => {
    expect(WHITEBOARD_METADATA_PREVIEW_MAX).toBe(1000);
  });

  it("keeps a text of at most 1000 characters whole", () => {
    expect(metadataPreview("")).toBe("");
    expect(metadataPreview("x".repeat(1000))).toBe("x".repeat(1000));
    // 1000 characters outside the BMP: 2000 UTF-16 units, still 1000 characters.
    expect(metadataPreview("🪙".repeat(1000))).toBe("🪙".repeat(1000));
  });

  it("cuts a longer text to 999 characters and an ellipsis, never inside a surrogate pair", () => {
    expect(metadataPreview("x".repeat(1001))).toBe(`${"x".repeat(999)}…`);
    const coins = metadataPreview("🪙".repeat(1001));
    expect(coins).toBe(`${"🪙".repeat(999)}…`);
    expect(codePoints(coins)).toBe(1000);
    expect(metadataPreview(`${"a".repeat(998)}铜铜铜`)).toBe(`${"a".repeat(998)}铜…`);
  });
});

const BOARD_ID = "6f1c2a52-0c55-4c64-9d43-0a4c2b1e9e01";
const long = (word: string) => `${word} `.repeat(400); // 400 words, each longer than one character: > 1000
const FIELDS = {
  rootTopic: long("copper"),
  rootQuestion: long("squeeze"),
  topic: long("supply"),
  question: long("priced"),
  stance: long("bull"),
  summary: long("deficit"),
  followUpTopic: long("liquidity"),
};

describe("whiteboard free text as the services hand it out", () => {
  let db: TestDatabase;
  let catalog: Client<typeof CatalogService>;
  let pages: Client<typeof WhiteboardPagesService>;

  beforeAll(async () => {
    db = await createTestDatabase(inject("adminUrl"), "preview");
    await db.owner.query(
      `INSERT INTO catalog.threads (board_id, work_date, root_analyst_id, root_topic, root_question, status, max_cards, created_at, updated_at)
       VALUES ($1, '2026-03-09', NULL, $2, $3, 'completed', 1, 1773000000000, 1773000500000)`,
      [BOARD_ID, FIELDS.rootTopic, FIELDS.rootQuestion],
    );
    await db.owner.query(
      `INSERT INTO catalog.cards (card_id, board_id, card_index, topic, question, stance, status, summary, follow_up_topic)
       VALUES ('c-long', $1, 0, $2, $3, $4, 'completed', $5, $6)`,
      [BOARD_ID, FIELDS.topic, FIELDS.question, FIELDS.stance, FIELDS.summary, FIELDS.followUpTopic],
    );
    const deps = {
      db: db.reader,
      objects: createPostgresObjectStore(db.reader),
      config: loadConfig({}),
      now: () => Date.UTC(2026, 2, 10),
    };
    const transport = createRouterTransport((r) => {
      catalogRoutes(deps)(r);
      whiteboardPagesRoutes(deps)(r);
    });
    catalog = createClient(CatalogService, transport);
    pages = createClient(WhiteboardPagesService, transport);
  });
  afterAll(() => db?.drop());

  const previewOf = (field: keyof typeof FIELDS) => metadataPreview(FIELDS[field]);

  it("lists and gets a thread with its root topic and question as previews", async () => {
    const listed = (await catalog.listThreads({ limit: 1 })).threads[0]!;
    const paged = (await catalog.listThreads({ status: "completed", limit: 1 })).threads[0]!;
    const detail = (await catalog.getThread({ boardId: BOARD_ID })).thread!;
    for (const thread of [listed, paged, detail]) {
      expect([thread.rootTopic, thread.rootQuestion]).toEqual([previewOf("rootTopic"), previewOf("rootQuestion")]);
      expect(codePoints(thread.rootTopic!)).toBe(1000);
      expect(thread.rootTopic!.endsWith("…")).toBe(true);
    }
  });

  it("gets a card with its topic, question, stance, summary and follow-up topic as previews", async () => {
    const inThread = (await catalog.getThread({ boardId: BOARD_ID })).thread!.cards[0]!;
    const alone = (await pages.getCard({ cardId: "c-long" })).card!;
    for (const card of [inThread, alone]) {
      expect([card.topic, card.question, card.stance, card.summary, card.followUpTopic]).toEqual([
        previewOf("topic"),
        previewOf("question"),
        previewOf("stance"),
        previewOf("summary"),
        previewOf("followUpTopic"),
      ]);
      expect(codePoints(card.summary!)).toBe(1000);
    }
  });
});
