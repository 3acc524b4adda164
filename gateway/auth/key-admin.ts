/** The operator's key administration: mint (the key is shown once), list, revoke. Only digests are stored. */
import { randomBytes } from "node:crypto";
import type { Pool } from "../../lib/db/pool.js";
import { API_KEY_PREFIX, sha256Hex } from "./api-keys.js";
import { ALL_SCOPES } from "./scopes.js";

export interface MintedKey {
  keyId: string;
  key: string;
}

export interface KeyRow {
  key_id: string;
  name: string;
  scopes: string[];
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

export class KeyAdminError extends Error {}

export async function mintKey(owner: Pool, input: { name: string; scopes: string[]; now?: number }): Promise<MintedKey> {
  const name = input.name.trim();
  if (!name) throw new KeyAdminError("a key needs a --name");
  const scopes = [...new Set(input.scopes)].sort();
  if (scopes.length === 0) throw new KeyAdminError("a key needs at least one scope (--scopes a,b)");
  const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s));
  if (unknown.length) throw new KeyAdminError(`unknown scope: ${unknown.join(", ")} (known: ${ALL_SCOPES.join(", ")})`);
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const keyId = `key_${randomBytes(6).toString("hex")}`;
  await owner.query("INSERT INTO auth.api_keys (key_id, name, key_sha256, scopes, created_at) VALUES ($1, $2, $3, $4, $5)", [
    keyId,
    name,
    sha256Hex(key),
    scopes,
    input.now ?? Date.now(),
  ]);
  return { keyId, key };
}

export async function listKeys(owner: Pool): Promise<KeyRow[]> {
  const { rows } = await owner.query(
    "SELECT key_id, name, scopes, created_at, expires_at, revoked_at FROM auth.api_keys ORDER BY created_at, key_id",
  );
  return rows;
}

export async function revokeKey(owner: Pool, keyId: string, now = Date.now()): Promise<boolean> {
  const { rowCount } = await owner.query("UPDATE auth.api_keys SET revoked_at = $2 WHERE key_id = $1 AND revoked_at IS NULL", [keyId, now]);
  return rowCount === 1;
}
