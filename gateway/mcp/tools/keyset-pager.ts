/**
 * The one pager of the keyset tools (chain_facts_page, whiteboard_list_boards, mailbox_list_threads, and through
 * them any list ordered by (timestamp, id) descending). A cursor is opaque and tamper-evident: the last row's sort key
 * and a fingerprint of the tool and its filters, signed by the deployment's cursor signer (lib/cursor/cursor-key.ts:
 * CURSOR_SECRET or the key the database holds, so any replica takes a cursor another issued). A cursor that was
 * altered, issued by another tool, or issued for other filters is a validation error naming `cursor`, never
 * reinterpreted. The position is not secret (the caller saw that row); the signature makes a cursor checkable.
 */
import { createHash } from "node:crypto";
import type { CursorSigner, CursorSignerSource } from "../../../lib/cursor/cursor-key.js";
import { boundOf, limitOf, type BoundedRows } from "./bounded.js";
import type { BoundReport, ToolBound } from "../tool.js";
import { validationError } from "../tool-errors.js";

/** A row's place in a list ordered by (at, id) descending. */
export interface KeysetPosition {
  at: number;
  id: string;
}

export interface KeysetPage<Row> {
  rows: Row[];
  bound: BoundReport;
  /** Pass back as `cursor` for the rows after these; null when there are none (has_more false). */
  next_cursor: string | null;
}

export interface KeysetRequest<Row> {
  /** The tool's name: a cursor works only for the tool that issued it. */
  tool: string;
  /** Every filter argument of the call (absent ones as null): a cursor works only with the filters it was issued for. */
  filters: Record<string, string | number | boolean | null>;
  cursor: string | undefined;
  limit: unknown;
  bound: ToolBound;
  /**
   * The rows after `after` (from the top when undefined), at most `limit` of them, in order, and whether more
   * follow (bounded.ts `overFetch` for a service list that does not say).
   */
  fetch(after: KeysetPosition | undefined, limit: number): Promise<BoundedRows<Row>>;
  positionOf(row: Row): KeysetPosition;
  /** The deployment's cursor signer (the tool context's `cursors`). */
  cursors: CursorSignerSource;
}

export const MAX_CURSOR_CHARS = 512;

function fingerprint(tool: string, filters: KeysetRequest<unknown>["filters"]): string {
  const canonical = JSON.stringify([
    tool,
    Object.keys(filters)
      .sort()
      .map((k) => [k, filters[k] ?? null]),
  ]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 22);
}

export const encodeCursor = (signer: CursorSigner, position: KeysetPosition, print: string): string =>
  signer.sign(JSON.stringify({ a: position.at, i: position.id, f: print }));

const refused = (why: string) => validationError(`invalid argument 'cursor': ${why}`, "cursor");

export function decodeCursor(signer: CursorSigner, cursor: string, print: string): KeysetPosition {
  const notOurs = refused("not a cursor this tool issued (pass back next_cursor unchanged)");
  if (cursor.length > MAX_CURSOR_CHARS) throw notOurs;
  const signed = signer.verify(cursor);
  if (signed === null) throw notOurs;
  let decoded: { a?: unknown; i?: unknown; f?: unknown } | null;
  try {
    decoded = JSON.parse(signed);
  } catch {
    throw notOurs;
  }
  const { a, i, f } = decoded ?? {};
  if (!Number.isSafeInteger(a) || typeof i !== "string" || i === "" || typeof f !== "string") throw notOurs;
  if (f !== print) throw refused("it was issued for another tool or other filters (start again without a cursor)");
  return { at: a as number, id: i };
}

/** One page: checks the cursor, reads the rows after it, and issues the next cursor when more exist. */
export async function keysetPage<Row>(request: KeysetRequest<Row>): Promise<KeysetPage<Row>> {
  const limit = limitOf(request.limit, request.bound);
  const print = fingerprint(request.tool, request.filters);
  const signer = await request.cursors();
  const after = request.cursor === undefined ? undefined : decodeCursor(signer, request.cursor, print);
  const page = await request.fetch(after, limit);
  const { rows } = page;
  const bound = boundOf(limit, page);
  const last = rows[rows.length - 1];
  return {
    rows,
    bound,
    next_cursor: bound.has_more && last ? encodeCursor(signer, request.positionOf(last), print) : null,
  };
}

/** A position as the services' KeysetAfter message (int64 timestamp). */
export const keysetAfter = (position: KeysetPosition | undefined) =>
  position && { at: BigInt(position.at), id: position.id };

/** The `cursor` argument of a keyset tool. */
export const cursorInput = {
  type: "string",
  minLength: 1,
  maxLength: MAX_CURSOR_CHARS,
  description: "The previous page's next_cursor (same filters).",
} as const;

/** The `next_cursor` member of a keyset tool's output. */
export const nextCursorOutput = {
  type: ["string", "null"],
  description: "Pass back as cursor for the rows after these; null when has_more is false.",
} as const;
