/**
 * The console's sessions and one-time sign-in links in PostgreSQL (console.sessions, console.sign_in_links). The
 * browser holds the session id (a cookie) and the operator the link's token; the database holds only their SHA-256,
 * so every replica of the admin listener knows every session, and a copy of the table opens nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../../../lib/audit/audit-log.js";

export const sha256Hex = (s: string) => createHash("sha256").update(s).digest("hex");

export type SignInMethod = "operator token" | "sign-in link";

export interface Session {
  /** The short public name of the session (audit rows, the page header); not the id. */
  handle: string;
  method: SignInMethod;
  createdAt: number;
  expiresAt: number;
  /** The CSRF token of this session's forms (derived from the id: never stored, never sent in a URL). */
  csrf: string;
}

/** The token every state-changing form of a session carries: an HMAC of a fixed label under the session id. */
export const csrfOf = (sessionId: string) => createHmac("sha256", sessionId).update("console csrf").digest("base64url");

export function csrfMatches(sessionId: string, presented: unknown): boolean {
  if (typeof presented !== "string") return false;
  const expected = Buffer.from(csrfOf(sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Opens a session; returns the id the cookie carries (shown to nobody else) and the session. */
export async function openSession(
  q: Queryable,
  input: { method: SignInMethod; address: string | null; now: number; lifetimeMs: number },
): Promise<{ id: string; session: Session }> {
  const id = randomBytes(32).toString("base64url");
  const handle = randomBytes(5).toString("hex");
  const expiresAt = input.now + input.lifetimeMs;
  await q.query(
    `INSERT INTO console.sessions (session_sha256, handle, method, address, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sha256Hex(id), handle, input.method, input.address, input.now, expiresAt],
  );
  // Sessions a day past their end open nothing and tell nothing the audit log does not: forgotten.
  await q.query("DELETE FROM console.sessions WHERE expires_at < $1 OR ended_at < $1", [input.now - 86_400_000]);
  return { id, session: { handle, method: input.method, createdAt: input.now, expiresAt, csrf: csrfOf(id) } };
}

/** The open session of a cookie's id at `now`, or null (unknown, signed out or expired). */
export async function findSession(q: Queryable, id: string, now: number): Promise<Session | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const { rows } = await q.query(
    `SELECT handle, method, created_at, expires_at FROM console.sessions
     WHERE session_sha256 = $1 AND ended_at IS NULL AND expires_at > $2`,
    [sha256Hex(id), now],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    handle: r.handle,
    method: r.method,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    csrf: csrfOf(id),
  };
}

export async function endSession(q: Queryable, id: string, now: number): Promise<void> {
  await q.query("UPDATE console.sessions SET ended_at = $2 WHERE session_sha256 = $1 AND ended_at IS NULL", [
    sha256Hex(id),
    now,
  ]);
}

/** A new one-time sign-in link's token (the URL carries it; only its digest is kept). */
export async function createSignInLink(q: Queryable, input: { now: number; lifetimeMs: number }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await q.query("INSERT INTO console.sign_in_links (link_sha256, created_at, expires_at) VALUES ($1, $2, $3)", [
    sha256Hex(token),
    input.now,
    input.now + input.lifetimeMs,
  ]);
  // Links nobody used are of no interest once expired.
  await q.query("DELETE FROM console.sign_in_links WHERE expires_at < $1", [input.now - 86_400_000]);
  return token;
}

/** Uses a link: true once, for a link that exists and has not expired; every later call is false. */
export async function useSignInLink(q: Queryable, token: string, now: number): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return false;
  const { rowCount } = await q.query(
    "UPDATE console.sign_in_links SET used_at = $2 WHERE link_sha256 = $1 AND used_at IS NULL AND expires_at > $2",
    [sha256Hex(token), now],
  );
  return rowCount === 1;
}
