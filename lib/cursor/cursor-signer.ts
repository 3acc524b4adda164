/**
 * Opaque cursors a server gives out and takes back: the position, base64url, then an HMAC-SHA256 tag over it under
 * a key every replica shares. A cursor the server did not give out (edited, truncated, made up, signed under another
 * key) is refused, so a client can neither forge a position nor learn what one means.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface CursorSigner {
  sign(position: string): string;
  /** The position, or null when the cursor was not given out by a signer with this key. */
  verify(cursor: string): string | null;
}

const TAG_BYTES = 16;
/** Longer than any cursor a caller issues (each bounds its own input tighter): past it, no work is done. */
const MAX_CURSOR_CHARS = 2048;

export function createCursorSigner(key: string): CursorSigner {
  if (key.length < 32) throw new Error("a cursor key needs at least 32 characters");
  const tag = (body: string) => createHmac("sha256", key).update(body).digest().subarray(0, TAG_BYTES);
  return {
    sign(position) {
      const body = Buffer.from(position, "utf8").toString("base64url");
      return `${body}.${tag(body).toString("base64url")}`;
    },
    verify(cursor) {
      if (cursor.length > MAX_CURSOR_CHARS) return null;
      const dot = cursor.indexOf(".");
      if (dot <= 0) return null;
      const position = Buffer.from(cursor.slice(0, dot), "base64url").toString("utf8");
      // Exactly what sign() writes for that position: base64url decoding alone would let stray characters through.
      const expected = Buffer.from(this.sign(position));
      const given = Buffer.from(cursor);
      return given.length === expected.length && timingSafeEqual(given, expected) ? position : null;
    },
  };
}
