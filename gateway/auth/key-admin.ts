/**
 * The operator's key administration: mint (the key is shown once, optionally with an expiry), list, revoke. Only
 * digests are stored. Used by `npm run keys` and by the admin listener; rotation is in key-rotation.ts.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { Pool } from "../../lib/db/pool.js";
import { API_KEY_PREFIX, sha256Hex } from "./api-keys.js";
import { ALL_SCOPES, FEED_SCOPE } from "../../lib/scopes.js";

/** A pool, or a client inside a transaction. */
export type Queryable = Pool | pg.PoolClient;

export interface MintedKey {
  keyId: string;
  key: string;
  name: string;
  scopes: string[];
  createdAt: number;
  expiresAt: number | null;
  rotatedFrom: string | null;
}

export interface KeyRow {
  key_id: string;
  name: string;
  scopes: string[];
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  rotated_from: string | null;
}

export class KeyAdminError extends Error {
  /** NotFound refusals (no such key) are told apart from bad input by the admin route. */
  constructor(
    message: string,
    readonly kind: "invalid" | "not_found" | "conflict" = "invalid",
  ) {
    super(message);
    this.name = "KeyAdminError";
  }
}

export const NAME_MAX = 200;
/** 9999-12-31T23:59:59.999Z: the last instant an ISO-8601 timestamp with a four-digit year can name. */
export const EXPIRY_MAX = 253_402_300_799_999;

export interface MintInput {
  name: string;
  scopes: string[];
  /** Epoch milliseconds, after `now`; null or absent: the key never expires. */
  expiresAt?: number | null;
  rotatedFrom?: string;
  now?: number;
}

export function checkScopes(requested: readonly string[]): string[] {
  const scopes = [...new Set(requested)].sort();
  if (scopes.length === 0) throw new KeyAdminError("a key needs at least one scope (--scopes a,b)");
  if (scopes.includes(FEED_SCOPE) && scopes.length > 1) {
    throw new KeyAdminError(
      `${FEED_SCOPE} makes a feed token, which may be sent in a URL: it is held alone (mint another key for ${scopes.filter((s) => s !== FEED_SCOPE).join(", ")})`,
    );
  }
  const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s) && s !== FEED_SCOPE);
  if (unknown.length)
    throw new KeyAdminError(
      `unknown scope: ${unknown.join(", ")} (every scope is read-only; known: ${ALL_SCOPES.join(", ")}, and ${FEED_SCOPE} alone for a feed token)`,
    );
  return scopes;
}

export function checkExpiry(expiresAt: number | null | undefined, now: number): number | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  if (!Number.isSafeInteger(expiresAt) || expiresAt > EXPIRY_MAX)
    throw new KeyAdminError("the expiry must be an instant before the year 10000");
  if (expiresAt <= now)
    throw new KeyAdminError(`the expiry must be in the future, got ${new Date(expiresAt).toISOString()}`);
  return expiresAt;
}

export async function mintKey(owner: Queryable, input: MintInput): Promise<MintedKey> {
  const name = input.name.trim();
  if (!name) throw new KeyAdminError("a key needs a --name");
  if (name.length > NAME_MAX) throw new KeyAdminError(`a key's name is at most ${NAME_MAX} characters`);
  const scopes = checkScopes(input.scopes);
  const createdAt = input.now ?? Date.now();
  const expiresAt = checkExpiry(input.expiresAt, createdAt);
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const keyId = `key_${randomBytes(6).toString("hex")}`;
  await owner.query(
    "INSERT INTO auth.api_keys (key_id, name, key_sha256, scopes, created_at, expires_at, rotated_from) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [keyId, name, sha256Hex(key), scopes, createdAt, expiresAt, input.rotatedFrom ?? null],
  );
  return { keyId, key, name, scopes, createdAt, expiresAt, rotatedFrom: input.rotatedFrom ?? null };
}

const COLUMNS = "key_id, name, scopes, created_at, expires_at, revoked_at, rotated_from";

export async function listKeys(owner: Queryable): Promise<KeyRow[]> {
  const { rows } = await owner.query(`SELECT ${COLUMNS} FROM auth.api_keys ORDER BY created_at, key_id`);
  return rows;
}

export async function findKey(owner: Queryable, keyId: string, lock = false): Promise<KeyRow | undefined> {
  const { rows } = await owner.query(
    `SELECT ${COLUMNS} FROM auth.api_keys WHERE key_id = $1${lock ? " FOR UPDATE" : ""}`,
    [keyId],
  );
  return rows[0];
}

export async function revokeKey(owner: Queryable, keyId: string, now = Date.now()): Promise<boolean> {
  const { rowCount } = await owner.query(
    "UPDATE auth.api_keys SET revoked_at = $2 WHERE key_id = $1 AND revoked_at IS NULL",
    [keyId, now],
  );
  return rowCount === 1;
}

/** A key's state at `now`: active, expired or revoked (revocation wins). */
export function keyState(
  row: Pick<KeyRow, "expires_at" | "revoked_at">,
  now = Date.now(),
): "active" | "expired" | "revoked" {
  if (row.revoked_at !== null) return "revoked";
  return row.expires_at !== null && row.expires_at <= now ? "expired" : "active";
}
