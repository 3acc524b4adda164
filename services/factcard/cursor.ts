/**
 * The opaque `next_cursor` of ListFactCards: the keyset position (created_at, fact_card_id) of the last card
 * returned, with a fingerprint of the filters it was issued for, both under an HMAC. A cursor that was altered,
 * issued by another list, or issued for other filters is refused (InvalidArgument, so 400), never reinterpreted.
 * The position is not secret (the caller has seen that card); the MAC makes a cursor checkable, not confidential.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { Code, ConnectError } from "@connectrpc/connect";
import { MAX_CURSOR_CHARS, MAX_ID_CHARS } from "./vocabulary.js";

export interface CursorPosition {
  createdAt: number;
  id: string;
}

export interface FactCardFilters {
  parentKind?: string | undefined;
  parentId?: string | undefined;
  status?: string | undefined;
  claimCategory?: string | undefined;
  verdict?: string | undefined;
}

const KEY = createHash("sha256").update("institute.factcard.v1.FactCardService/ListFactCards cursor v1").digest();

const mac = (payload: string) => createHmac("sha256", KEY).update(payload).digest().subarray(0, 16);

export function filterFingerprint(f: FactCardFilters): string {
  const canonical = JSON.stringify([
    f.parentKind ?? null,
    f.parentId ?? null,
    f.status ?? null,
    f.claimCategory ?? null,
    f.verdict ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}

export function encodeCursor(position: CursorPosition, filters: FactCardFilters): string {
  const payload = Buffer.from(
    JSON.stringify({ t: position.createdAt, i: position.id, f: filterFingerprint(filters) }),
  ).toString("base64url");
  return `${payload}.${mac(payload).toString("base64url")}`;
}

const invalid = (why: string) => new ConnectError(`invalid cursor: ${why}`, Code.InvalidArgument);

export function decodeCursor(cursor: string, filters: FactCardFilters): CursorPosition {
  const notOurs = invalid("not a cursor this list issued (pass back next_cursor unchanged)");
  if (cursor.length > MAX_CURSOR_CHARS) throw notOurs;
  const [payload, tag, ...rest] = cursor.split(".");
  if (!payload || !tag || rest.length > 0) throw notOurs;
  const given = Buffer.from(tag, "base64url");
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notOurs;
  let decoded: { t?: unknown; i?: unknown; f?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw notOurs;
  }
  const { t, i, f } = decoded ?? {};
  if (!Number.isSafeInteger(t) || typeof i !== "string" || i === "" || i.length > MAX_ID_CHARS || typeof f !== "string")
    throw notOurs;
  if (f !== filterFingerprint(filters)) throw invalid("it was issued for other filters (start again without a cursor)");
  return { createdAt: t as number, id: i };
}
