/**
 * The whiteboard tools over the catalog's fixtures: exact answers (the REST resources, spec §2.3 to §2.5), their
 * output schemas, the keyset cursor of whiteboard_list_boards, and not_found refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../../lib/object-store/object-store.js";
import { BOARD, FIXED_NOW, REPORT } from "../../../test/fixtures/catalog.js";
import { ACTIONS_AT, fillWhiteboard } from "../../../test/fixtures/whiteboard-pages.js";
import { refusal, startToolHarness, type ToolHarness } from "../../../test/helpers/tool-harness.js";
import {
  cFull,
  cNone,
  completed,
  cPlain,
  cZh,
  failed,
  lAugment,
  later,
  lFresh,
  lSkip,
  pMid,
  pPromoted,
  pTop,
  queued,
  running,
  summary_7d,
} from "../../../test/fixtures/whiteboard-expected.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness({ fill: fillWhiteboard, now: () => FIXED_NOW });
});
afterAll(() => h?.close());

const bound = (limit: number, returned: number, has_more: boolean) => ({ limit, returned, has_more, exact: true });

describe("threads and boards", () => {
  it("whiteboard_list_threads: the REST list, most recently updated first, bounded", async () => {
    expect(await h.call("whiteboard_list_threads", { limit: 5 })).toEqual({
      threads: [queued, running, later, completed, failed],
      count: 5,
      bound: bound(5, 5, true),
    });
    expect(await h.call("whiteboard_list_threads", { status: "completed" })).toEqual({
      threads: [later, completed],
      count: 2,
      bound: bound(50, 2, false),
    });
    expect((await h.call("whiteboard_list_threads")).bound).toEqual(bound(50, 50, true));
  });

  it("whiteboard_list_boards: the same rows page by page, each once, through an opaque cursor", async () => {
    const first = await h.call("whiteboard_list_boards", { limit: 2 });
    expect(first).toMatchObject({ boards: [queued, running], count: 2, bound: bound(2, 2, true) });
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await h.call("whiteboard_list_boards", { limit: 3, cursor: first.next_cursor });
    expect(second).toMatchObject({ boards: [later, completed, failed], count: 3, bound: bound(3, 3, true) });
    const done = await h.call("whiteboard_list_boards", { status: "completed", limit: 2 });
    expect(done).toEqual({ boards: [later, completed], count: 2, bound: bound(2, 2, false), next_cursor: null });
  });

  it("whiteboard_list_boards refuses a cursor issued for another status or altered", async () => {
    const first = await h.call("whiteboard_list_boards", { limit: 1 });
    expect(await refusal(h.call("whiteboard_list_boards", { status: "queued", cursor: first.next_cursor }))).toEqual({
      category: "validation",
      code: "invalid_argument",
      argument: "cursor",
      message:
        "invalid argument 'cursor': it was issued for another tool or other filters (start again without a cursor)",
    });
    const altered = `${first.next_cursor.slice(0, 5)}${first.next_cursor[5] === "A" ? "B" : "A"}${first.next_cursor.slice(6)}`;
    expect(await refusal(h.call("whiteboard_list_boards", { cursor: altered }))).toMatchObject({
      category: "validation",
      argument: "cursor",
    });
  });

  it("whiteboard_get_thread: one thread with its cards in order; not_found otherwise", async () => {
    expect(await h.call("whiteboard_get_thread", { board_id: BOARD.completed })).toEqual({
      ...completed,
      cards: [cFull, cPlain, cNone],
    });
    for (const board_id of [BOARD.unknown, "not-a-uuid"]) {
      expect(await refusal(h.call("whiteboard_get_thread", { board_id }))).toEqual({
        category: "permanent",
        code: "not_found",
        message: `board not found: ${board_id}`,
      });
    }
  });
});

describe("cards", () => {
  it("whiteboard_get_card and whiteboard_analyst_cards", async () => {
    expect(await h.call("whiteboard_get_card", { card_id: "c-full" })).toEqual(cFull);
    expect(await h.call("whiteboard_analyst_cards", { analyst_id: "a-alpha" })).toEqual({
      analyst_id: "a-alpha",
      cards: [cZh, cPlain],
      count: 2,
      bound: bound(50, 2, false),
    });
    expect(await h.call("whiteboard_analyst_cards", { analyst_id: "nobody", limit: 1 })).toEqual({
      analyst_id: "nobody",
      cards: [],
      count: 0,
      bound: bound(1, 0, false),
    });
    expect(await refusal(h.call("whiteboard_get_card", { card_id: "c-missing" }))).toMatchObject({
      category: "permanent",
      code: "not_found",
    });
  });

  it("whiteboard_card_report: English first, else the language-agnostic report; exactly the language asked", async () => {
    const doc = (body: string, archivedAt: number) => ({
      markdown: body,
      sha256: sha256Hex(body),
      last_modified: archivedAt,
      offset: 0,
      total_chars: [...body].length,
      truncated: false,
      next_offset: null,
    });
    expect(await h.call("whiteboard_card_report", { card_id: "c-full" })).toEqual({
      card_id: "c-full",
      ...doc(REPORT.en, 1773000210000),
    });
    expect(await h.call("whiteboard_card_report", { card_id: "c-full", lang: "zh" })).toEqual({
      card_id: "c-full",
      ...doc(REPORT.zh, 1773000220000),
    });
    expect(await h.call("whiteboard_card_report", { card_id: "c-plain" })).toEqual({
      card_id: "c-plain",
      ...doc(REPORT.plainOnly, 1773000400000),
    });
    expect(await refusal(h.call("whiteboard_card_report", { card_id: "c-zh" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "no en or plain report for card c-zh",
    });
  });

  it("whiteboard_card_report_languages", async () => {
    expect(await h.call("whiteboard_card_report_languages", { card_id: "c-full" })).toEqual({
      card_id: "c-full",
      languages: [
        { lang: "en", archived_at: 1773000210000 },
        { lang: "plain", archived_at: 1773000230000 },
        { lang: "zh", archived_at: 1773000220000 },
      ],
    });
    expect(await h.call("whiteboard_card_report_languages", { card_id: "c-none" })).toEqual({
      card_id: "c-none",
      languages: [],
    });
  });

  it("whiteboard_card_actions: the extraction as recorded, an empty one, or none yet", async () => {
    expect(await h.call("whiteboard_card_actions", { card_id: "c-full" })).toEqual({
      card_id: "c-full",
      extracted: true,
      actions: [{ action: "buy", asset: "copper", size: 0.5 }, "watch smelters"],
      source: "report:en",
      source_chars: 120,
      truncated: false,
      extracted_at: ACTIONS_AT,
    });
    expect(await h.call("whiteboard_card_actions", { card_id: "c-plain" })).toMatchObject({
      extracted: true,
      actions: [],
      truncated: true,
      source_chars: 8000,
    });
    expect(await h.call("whiteboard_card_actions", { card_id: "c-zh" })).toEqual({
      card_id: "c-zh",
      extracted: false,
      actions: null,
      source: null,
      source_chars: null,
      truncated: null,
      extracted_at: null,
    });
  });
});

describe("topic pool and similarity log", () => {
  it("whiteboard_topic_pool: highest score first, filtered, bounded", async () => {
    expect(await h.call("whiteboard_topic_pool", { status: "candidate" })).toEqual({
      entries: [pTop, pMid],
      count: 2,
      bound: bound(100, 2, false),
    });
    expect(await h.call("whiteboard_topic_pool", { limit: 2 })).toEqual({
      entries: [pPromoted, pTop],
      count: 2,
      bound: bound(2, 2, true),
    });
    expect((await h.call("whiteboard_topic_pool", { status: "all", limit: 500 })).bound).toEqual(
      bound(500, 115, false),
    );
  });

  it("whiteboard_similarity_log: newest first with summary_7d whole whatever the limit and filter", async () => {
    expect(await h.call("whiteboard_similarity_log", { limit: 3 })).toEqual({
      summary_7d,
      entries: [lFresh, lSkip, lAugment],
      count: 3,
      bound: bound(3, 3, true),
    });
    const skips = await h.call("whiteboard_similarity_log", { decision: "skip-summarize", limit: 1 });
    expect(skips).toEqual({ summary_7d, entries: [lSkip], count: 1, bound: bound(1, 1, true) });
  });
});
