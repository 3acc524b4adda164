/**
 * The shared keyset pager on its own: the over-fetch bookkeeping, and cursors that are opaque and tamper-evident.
 * Any change to a cursor, a cursor of another tool or other filters, or one signed under another key is refused
 * as a validation error naming `cursor`; a cursor is never reinterpreted.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { configuredCursorSigner, type CursorSignerSource } from "../../../lib/cursor/cursor-key.js";
import { overFetch } from "./bounded.js";
import { keysetPage, type KeysetPosition } from "./keyset-pager.js";
import { refusal } from "../../../test/helpers/tool-harness.js";

interface Row {
  at: number;
  id: string;
}

/** Rows ordered by (at, id) descending, served like a store would: after a position, at most n. */
const ROWS: Row[] = Array.from({ length: 10 }, (_, i) => ({ at: 1000 - Math.floor(i / 3), id: `r-${9 - i}` }));
const rowsAfter = (rows: Row[], after: KeysetPosition | undefined, n: number) =>
  rows.filter((r) => !after || r.at < after.at || (r.at === after.at && r.id < after.id)).slice(0, n);
/** A service list that takes a row count: the page over-fetches it by one row. */
const fetchFrom = (rows: Row[]) => (after: KeysetPosition | undefined, limit: number) =>
  overFetch(limit, async (n) => rowsAfter(rows, after, n));

/** Signers as CURSOR_SECRET makes them: one replica's, and one configured differently. */
const cursors = configuredCursorSigner("a cursor secret of enough length");
const otherKey = configuredCursorSigner("another secret of enough length");

const page = (
  cursor: string | undefined,
  options: { tool?: string; filters?: Record<string, string>; limit?: number; signer?: CursorSignerSource } = {},
) =>
  keysetPage({
    cursors: options.signer ?? cursors,
    tool: options.tool ?? "t_list",
    filters: options.filters ?? { f: "" },
    cursor,
    limit: options.limit ?? 4,
    bound: { default: 4, max: 10 },
    fetch: fetchFrom(ROWS),
    positionOf: (r) => r,
  });

describe("keysetPage", () => {
  it("over-fetches one row, reports the bound, and continues strictly after the last row served", async () => {
    const calls: number[] = [];
    const first = await keysetPage({
      cursors,
      tool: "t_list",
      filters: {},
      cursor: undefined,
      limit: undefined,
      bound: { default: 4, max: 10 },
      fetch: (after, limit) => overFetch(limit, async (n) => (calls.push(n), rowsAfter(ROWS, after, n))),
      positionOf: (r) => r,
    });
    expect(calls).toEqual([5]);
    expect(first.rows).toEqual(ROWS.slice(0, 4));
    expect(first.bound).toEqual({ limit: 4, returned: 4, has_more: true, exact: true });
    const second = await keysetPage({
      cursors,
      tool: "t_list",
      filters: {},
      cursor: first.next_cursor!,
      limit: 6,
      bound: { default: 4, max: 10 },
      fetch: fetchFrom(ROWS),
      positionOf: (r) => r,
    });
    expect(second).toEqual({
      rows: ROWS.slice(4),
      bound: { limit: 6, returned: 6, has_more: false, exact: true },
      next_cursor: null,
    });
  });

  it("issues no cursor on an empty list", async () => {
    const empty = await keysetPage({
      cursors,
      tool: "t",
      filters: {},
      cursor: undefined,
      limit: 3,
      bound: { default: 3, max: 3 },
      fetch: async () => ({ rows: [], hasMore: false }),
      positionOf: (r: Row) => r,
    });
    expect(empty).toEqual({
      rows: [],
      bound: { limit: 3, returned: 0, has_more: false, exact: true },
      next_cursor: null,
    });
  });

  it("refuses a cursor issued by another tool or for other filters", async () => {
    const { next_cursor } = await page(undefined);
    const other =
      "invalid argument 'cursor': it was issued for another tool or other filters (start again without a cursor)";
    expect(await refusal(page(next_cursor!, { tool: "u_list" }))).toEqual({
      category: "validation",
      code: "invalid_argument",
      argument: "cursor",
      message: other,
    });
    expect(await refusal(page(next_cursor!, { filters: { f: "x" } }))).toMatchObject({
      argument: "cursor",
      message: other,
    });
    expect((await page(next_cursor!, { limit: 2 })).rows).toEqual(ROWS.slice(4, 6)); // the limit may change between pages
  });

  it("refuses any alteration of a cursor (property)", async () => {
    const { next_cursor } = await page(undefined);
    const cursor = next_cursor!;
    const altered = fc
      .tuple(fc.nat({ max: cursor.length - 1 }), fc.stringMatching(/^[A-Za-z0-9_.-]$/))
      .map(([i, c]) => cursor.slice(0, i) + c + cursor.slice(i + 1))
      .filter((s) => s !== cursor);
    await fc.assert(
      fc.asyncProperty(altered, async (bad) => {
        expect(await refusal(page(bad))).toMatchObject({ category: "validation", argument: "cursor" });
      }),
      { numRuns: 200 },
    );
    for (const junk of [
      "",
      "x",
      "a.b.c",
      `${cursor}.`,
      cursor.split(".")[0]!,
      "e30.AAAAAAAAAAAAAAAAAAAAAA",
      "x".repeat(600),
    ]) {
      expect(await refusal(page(junk))).toMatchObject({ category: "validation", argument: "cursor" });
    }
  });

  it("refuses a cursor signed under another key: configured secrets must match across replicas", async () => {
    const { next_cursor } = await page(undefined);
    const elsewhere = { signer: otherKey };
    expect(await refusal(page(next_cursor!, elsewhere))).toMatchObject({ category: "validation", argument: "cursor" });
    const again = await page(undefined, elsewhere);
    expect((await page(again.next_cursor!, elsewhere)).rows).toEqual(ROWS.slice(4, 8));
  });

  it("takes a cursor another replica issued under the same configured secret", async () => {
    const { next_cursor } = await page(undefined);
    const replica = { signer: configuredCursorSigner("a cursor secret of enough length") };
    expect((await page(next_cursor!, replica)).rows).toEqual(ROWS.slice(4, 8));
  });
});
