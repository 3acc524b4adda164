/**
 * The opaque `next_cursor` of ListFactCards: the keyset position (created_at, fact_card_id) of the last card
 * returned, with a fingerprint of the filters it was issued for, signed by the deployment's cursor signer
 * (lib/cursor/cursor-key.ts: CURSOR_SECRET, else the key the database holds, so cursors survive restarts and work on
 * every replica). A cursor that was altered, issued by another list or deployment, or issued for other filters is
 * refused (InvalidArgument, so 400), never reinterpreted. The position is not secret (the caller has seen that card);
 * the signature makes a cursor checkable, not confidential.
 */
import { createHash } from "node:crypto";
import type { CursorSigner } from "../../lib/cursor/cursor-key.js";
import { MAX_CURSOR_CHARS, MAX_ID_CHARS } from "./vocabulary.js";
import { invalid } from "../request-checks.js";

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

export const encodeCursor = (signer: CursorSigner, position: CursorPosition, filters: FactCardFilters): string =>
  signer.sign(JSON.stringify({ t: position.createdAt, i: position.id, f: filterFingerprint(filters) }));

const refused = (why: string) => invalid(`invalid cursor: ${why}`);

export function decodeCursor(signer: CursorSigner, cursor: string, filters: FactCardFilters): CursorPosition {
  const notOurs = refused("not a cursor this list issued (pass back next_cursor unchanged)");
  if (cursor.length > MAX_CURSOR_CHARS) throw notOurs;
  const signed = signer.verify(cursor);
  if (signed === null) throw notOurs;
  let decoded: { t?: unknown; i?: unknown; f?: unknown } | null;
  try {
    decoded = JSON.parse(signed);
  } catch {
    throw notOurs;
  }
  const { t, i, f } = decoded ?? {};
  if (!Number.isSafeInteger(t) || typeof i !== "string" || i === "" || i.length > MAX_ID_CHARS || typeof f !== "string")
    throw notOurs;
  if (f !== filterFingerprint(filters)) throw refused("it was issued for other filters (start again without a cursor)");
  return { createdAt: t as number, id: i };
}
