/**
 * The one pager of the keyset tools (chain_facts_page, whiteboard_list_boards, mailbox_list_threads, and through
 * them any list ordered by (timestamp, id) descending). A cursor is opaque and tamper-evident: base64url JSON of
 * the last row's sort key and a fingerprint of the tool and its filters, then an HMAC-SHA256 tag. A cursor that
 * was altered, issued by another tool, or issued for other filters is a validation error naming `cursor`, never
 * reinterpreted. The position is not secret (the caller saw that row); the tag makes a cursor checkable.
 *
 * The key is drawn per process unless configureKeysetSecret() sets a shared one: with several gateway replicas
 * behind one address, configure the same secret on each, or a cursor is refused by a replica that did not issue it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { boundRows, limitOf } from "./bounded.js";
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
  /** The rows after `after` (from the top when undefined), at most `overFetch` of them, in order. */
  fetch(after: KeysetPosition | undefined, overFetch: number): Promise<readonly Row[]>;
  positionOf(row: Row): KeysetPosition;
}

export const MAX_CURSOR_CHARS = 512;
const TAG_BYTES = 16;

let key: Buffer = randomBytes(32);

/** Sets the key cursors are signed with (at least 16 characters); cursors issued before no longer verify. */
export function configureKeysetSecret(secret: string): void {
  if (secret.length < 16) throw new Error("keyset cursor secret must be at least 16 characters");
  key = createHash("sha256").update(secret).digest();
}

const tagOf = (payload: string) => createHmac("sha256", key).update(payload).digest().subarray(0, TAG_BYTES);

function fingerprint(tool: string, filters: KeysetRequest<unknown>["filters"]): string {
  const canonical = JSON.stringify([
    tool,
    Object.keys(filters)
      .sort()
      .map((k) => [k, filters[k] ?? null]),
  ]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 22);
}

export function encodeCursor(position: KeysetPosition, print: string): string {
  const payload = Buffer.from(JSON.stringify({ a: position.at, i: position.id, f: print })).toString("base64url");
  return `${payload}.${tagOf(payload).toString("base64url")}`;
}

const refused = (why: string) => validationError(`invalid argument 'cursor': ${why}`, "cursor");

export function decodeCursor(cursor: string, print: string): KeysetPosition {
  const notOurs = refused("not a cursor this tool issued (pass back next_cursor unchanged)");
  if (cursor.length > MAX_CURSOR_CHARS) throw notOurs;
  const [payload, tag, ...rest] = cursor.split(".");
  if (!payload || !tag || rest.length > 0) throw notOurs;
  const given = Buffer.from(tag, "base64url");
  const expected = tagOf(payload);
  // Only the canonical spelling of the tag: base64url ignores a last character's spare bits, and a cursor that was
  // changed at all is refused, even where the change would decode to the same bytes.
  if (given.toString("base64url") !== tag || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw notOurs;
  let decoded: { a?: unknown; i?: unknown; f?: unknown } | null;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw notOurs;
  }
  const { a, i, f } = decoded ?? {};
  if (!Number.isSafeInteger(a) || typeof i !== "string" || i === "" || typeof f !== "string") throw notOurs;
  if (f !== print) throw refused("it was issued for another tool or other filters (start again without a cursor)");
  return { at: a as number, id: i };
}

/** One page: checks the limit and the cursor, over-fetches by one row, and issues the next cursor when more exist. */
export async function keysetPage<Row>(request: KeysetRequest<Row>): Promise<KeysetPage<Row>> {
  const limit = limitOf(request.limit, request.bound);
  const print = fingerprint(request.tool, request.filters);
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor, print);
  const { rows, bound } = boundRows(await request.fetch(after, limit + 1), limit);
  const last = rows[rows.length - 1];
  return { rows, bound, next_cursor: bound.has_more && last ? encodeCursor(request.positionOf(last), print) : null };
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
