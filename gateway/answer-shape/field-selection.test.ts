/**
 * `fields` over the registry's real answer schemas: which answers are lists, which names each accepts, what a cut
 * keeps, and how a wrong name is refused.
 */
import { describe, expect, it } from "vitest";
import { TOOLS } from "../mcp/tools/index.js";
import { listThreadsResponse, similarityLogResponse, threadDetail } from "../schemas/catalog.js";
import { answerShape } from "./answer-shape.js";
import { FieldsError, projectAnswer, selectFields, splitFields } from "./field-selection.js";

const tool = (name: string) => TOOLS.find((t) => t.name === name)!;

describe("answerShape", () => {
  it("finds the rows of a list beside count or next_cursor, and treats anything else as a detail", () => {
    expect(answerShape(listThreadsResponse).list).toBe("threads");
    expect(answerShape(tool("factcards_list").outputSchema).list).toBe("fact_cards");
    expect(answerShape(tool("changes_since").outputSchema).list).toBe("changes");
    expect(answerShape(tool("portfolios_compare").outputSchema).list).toBe("portfolios");
    expect(answerShape(threadDetail).list).toBeUndefined();
    expect(answerShape(tool("reports_latest").outputSchema).list).toBeUndefined();
    expect(answerShape(tool("chain_fact_get").outputSchema).list).toBeUndefined();
  });

  it("names a row's members, then dotted paths into nested lists and objects, in schema order", () => {
    expect(answerShape(similarityLogResponse).paths).toEqual([
      "log_id",
      "decided_at",
      "pool_id",
      "board_id",
      "candidate_topic",
      "candidate_question",
      "decision",
      "reason",
      "top_cosine",
      "top_match_kind",
      "top_match_id",
      "top_match_age_days",
      "matches",
      "matches.score",
      "matches.kind",
      "matches.id",
      "matches.age_days",
      "matches.topic",
      "thresholds",
    ]);
    const detail = answerShape(tool("analysts_get").outputSchema).paths;
    expect(detail.slice(-4)).toEqual(["category", "category.id", "category.name", "category.name_en"]);
  });
});

const thread = {
  board_id: "b1",
  work_date: "2026-01-02",
  root_topic: "rates",
  status: "completed",
  cards: [
    { card_id: "c1", topic: "a", status: "done" },
    { card_id: "c2", topic: "b", status: "done" },
  ],
};

describe("projectAnswer", () => {
  it("keeps the named members of every row and the list's wrapper whole", () => {
    const answer = {
      threads: [
        { board_id: "b1", root_topic: "x", status: "queued", card_count: 1 },
        { board_id: "b2", root_topic: null, status: "active", card_count: 0 },
      ],
      count: 2,
    };
    const cut = projectAnswer(answer, selectFields(listThreadsResponse, ["status", "board_id"]));
    expect(JSON.stringify(cut)).toBe(
      '{"threads":[{"board_id":"b1","status":"queued"},{"board_id":"b2","status":"active"}],"count":2}',
    );
  });

  it("cuts a detail at its top level and reaches into a nested list by a dotted path", () => {
    const cut = projectAnswer(thread, selectFields(threadDetail, ["board_id", "cards.card_id"]));
    expect(cut).toEqual({ board_id: "b1", cards: [{ card_id: "c1" }, { card_id: "c2" }] });
  });

  it("keeps a nested member whole when it is named whole beside a path into it", () => {
    const cut = projectAnswer(thread, selectFields(threadDetail, ["cards.card_id", "cards"]));
    expect(cut).toEqual({ cards: thread.cards });
  });

  it("leaves a null nested object null", () => {
    const answer = { id: "a", category: null };
    expect(projectAnswer(answer, selectFields(tool("analysts_get").outputSchema, ["category.name"]))).toEqual({
      category: null,
    });
  });

  it("never changes the answer it cuts (the cached one)", () => {
    const before = JSON.stringify(thread);
    projectAnswer(thread, selectFields(threadDetail, ["cards.topic"]));
    expect(JSON.stringify(thread)).toBe(before);
  });
});

describe("selectFields refusals", () => {
  it("names the unknown field and lists every valid one", () => {
    expect(() => selectFields(listThreadsResponse, ["board_id", "nope"])).toThrow(
      new FieldsError(
        "unknown field 'nope' in 'fields'; valid fields: board_id, work_date, root_analyst_id, root_topic, root_question, status, card_count, max_cards, created_at, updated_at",
      ),
    );
  });

  it("refuses a path below a scalar, a wrapper member of a list, an empty name and an empty list", () => {
    expect(() => selectFields(threadDetail, ["board_id.x"])).toThrow(/unknown field 'board_id.x'/);
    expect(() => selectFields(listThreadsResponse, ["count"])).toThrow(/unknown field 'count'/);
    expect(() => selectFields(listThreadsResponse, splitFields("board_id,"))).toThrow(/unknown field ''/);
    expect(() => selectFields(listThreadsResponse, [])).toThrow(/'fields' names no field; valid fields: board_id/);
  });
});
