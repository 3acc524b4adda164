/**
 * Property: walking a keyset tool from the first page to the last returns every matching row exactly once, in
 * the list's order, whatever the rows (timestamps deliberately collide, so the id must break ties), the filters
 * and the page sizes (which may change from page to page). The order is the database's own ORDER BY.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THREAD_STATUSES } from "../../../services/catalog/vocabulary.js";
import { factCardRow, insertFactCards } from "../../../test/fixtures/factcard.js";
import { FACT_CARD_STATUSES } from "../../../services/factcard/vocabulary.js";
import { startToolHarness, type ToolHarness } from "../../../test/helpers/tool-harness.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness();
});
afterAll(() => h?.close());

const RUNS = 25;
const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/);
const instant = fc.integer({ min: 0, max: 4 }).map((n) => 1_773_000_000_000 + n * 1000);
const limits = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 });
const pick = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });

/** Walks a keyset tool to the end, checking each page's bound; returns the ids in the order served. */
async function walk(
  name: string,
  key: string,
  idOf: (row: any) => string,
  filters: Record<string, unknown>,
  sizes: number[],
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    expect(page, "the walk ends").toBeLessThan(500);
    const limit = sizes[page % sizes.length]!;
    const result = await h.call(name, { ...filters, limit, ...(cursor === undefined ? {} : { cursor }) });
    seen.push(...result[key].map(idOf));
    expect(result.bound).toEqual({ limit, returned: result[key].length, has_more: result.bound.has_more, exact: true });
    if (!result.bound.has_more) {
      expect(result.next_cursor).toBeNull();
      return seen;
    }
    expect(result[key]).toHaveLength(limit); // more exist, so the page is full
    cursor = result.next_cursor;
  }
}

const expectOnceInOrder = (served: string[], ordered: string[]) => {
  expect(new Set(served).size).toBe(served.length);
  expect(served).toEqual(ordered);
};

describe("keyset walks", () => {
  it("whiteboard_list_boards serves every board once, most recently updated first", async () => {
    const board = fc.record({ board_id: fc.uuid(), status: fc.constantFrom(...THREAD_STATUSES), updated_at: instant });
    const rows = fc.uniqueArray(board, { selector: (b) => b.board_id, maxLength: 25 });
    await fc.assert(
      fc.asyncProperty(rows, pick(THREAD_STATUSES), limits, async (boards, status, sizes) => {
        await h.db.owner.query("DELETE FROM catalog.threads");
        for (const b of boards) {
          await h.db.owner.query(
            "INSERT INTO catalog.threads (board_id, work_date, status, max_cards, created_at, updated_at) VALUES ($1, '2026-03-09', $2, 1, $3, $3)",
            [b.board_id, b.status, b.updated_at],
          );
        }
        const { rows: expected } = await h.db.owner.query(
          "SELECT board_id FROM catalog.threads WHERE $1::text IS NULL OR status = $1 ORDER BY updated_at DESC, board_id DESC",
          [status ?? null],
        );
        const served = await walk(
          "whiteboard_list_boards",
          "boards",
          (r) => r.board_id,
          status ? { status } : {},
          sizes,
        );
        expectOnceInOrder(
          served,
          expected.map((r) => r.board_id),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("mailbox_list_threads serves every thread once, most recent activity first", async () => {
    const people = ["a-alpha", "a-beta", "a-gamma"];
    const thread = fc.record({ thread_id: id, participants: fc.subarray(people), last_message_at: instant });
    const rows = fc.uniqueArray(thread, { selector: (t) => t.thread_id, maxLength: 25 });
    await fc.assert(
      fc.asyncProperty(rows, pick(people), limits, async (threads, participant, sizes) => {
        await h.db.owner.query("DELETE FROM catalog.mailbox_threads");
        for (const t of threads) {
          await h.db.owner.query(
            "INSERT INTO catalog.mailbox_threads (thread_id, subject, participants, last_message_at, created_at) VALUES ($1, 's', $2, $3, $3)",
            [t.thread_id, t.participants, t.last_message_at],
          );
        }
        const { rows: expected } = await h.db.owner.query(
          "SELECT thread_id FROM catalog.mailbox_threads WHERE $1::text IS NULL OR $1 = ANY (participants) ORDER BY last_message_at DESC, thread_id DESC",
          [participant ?? null],
        );
        const served = await walk(
          "mailbox_list_threads",
          "threads",
          (r) => r.thread_id,
          participant ? { participant } : {},
          sizes,
        );
        expectOnceInOrder(
          served,
          expected.map((r) => r.thread_id),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("chain_facts_page serves every fact once, newest first, under any filter", async () => {
    const fact = fc.record({
      fact_id: id,
      chain_id: fc.constantFrom("ch-a", "ch-b"),
      analyst_id: fc.constantFrom("a-1", "a-2", null),
      tagged: fc.boolean(),
      created_at: instant,
    });
    const rows = fc.uniqueArray(fact, { selector: (f) => f.fact_id, maxLength: 25 });
    const filters = fc
      .record({ chain_id: pick(["ch-a", "ch-b"]), analyst_id: pick(["a-1", "a-2"]), tag: pick(["hot"]) })
      .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)));
    await fc.assert(
      fc.asyncProperty(rows, filters, limits, async (facts, filter, sizes) => {
        await h.db.owner.query("DELETE FROM factcard.chain_facts");
        for (const [seq, f] of facts.entries()) {
          await h.db.owner.query(
            "INSERT INTO factcard.chain_facts (fact_id, chain_id, seq, statement, analyst_id, work_date, created_at) VALUES ($1, $2, $3, 's', $4, '2026-03-09', $5)",
            [f.fact_id, f.chain_id, seq, f.analyst_id, f.created_at],
          );
          if (f.tagged)
            await h.db.owner.query(
              "INSERT INTO factcard.chain_fact_tags (fact_id, tag, tagged_at) VALUES ($1, 'hot', 0)",
              [f.fact_id],
            );
        }
        const { rows: expected } = await h.db.owner.query(
          `SELECT fact_id FROM factcard.chain_facts f
            WHERE ($1::text IS NULL OR chain_id = $1) AND ($2::text IS NULL OR analyst_id = $2)
              AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM factcard.chain_fact_tags t WHERE t.fact_id = f.fact_id AND t.tag = $3))
            ORDER BY created_at DESC, fact_id DESC`,
          [filter.chain_id ?? null, filter.analyst_id ?? null, filter.tag ?? null],
        );
        const served = await walk("chain_facts_page", "facts", (r) => r.fact_id, filter, sizes);
        expectOnceInOrder(
          served,
          expected.map((r) => r.fact_id),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("factcards_list serves every fact card once, newest first", async () => {
    const card = fc.record({ fact_card_id: id, status: fc.constantFrom(...FACT_CARD_STATUSES), created_at: instant });
    const rows = fc.uniqueArray(card, { selector: (c) => c.fact_card_id, maxLength: 25 });
    await fc.assert(
      fc.asyncProperty(rows, pick(FACT_CARD_STATUSES), limits, async (cards, status, sizes) => {
        await h.db.owner.query("DELETE FROM factcard.fact_cards");
        await insertFactCards(
          h.db.owner,
          cards.map((c) => factCardRow(c.fact_card_id, { status: c.status, created_at: c.created_at })),
        );
        const { rows: expected } = await h.db.owner.query(
          "SELECT fact_card_id FROM factcard.fact_cards WHERE $1::text IS NULL OR status = $1 ORDER BY created_at DESC, fact_card_id DESC",
          [status ?? null],
        );
        const served = await walk(
          "factcards_list",
          "fact_cards",
          (r) => r.fact_card_id,
          status ? { status } : {},
          sizes,
        );
        expectOnceInOrder(
          served,
          expected.map((r) => r.fact_card_id),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
