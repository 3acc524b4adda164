/**
 * Key rotation: a successor with the same name and scopes, which names the key it replaces (`rotated_from`), while the
 * old key stays valid for an overlap and then expires; both work during the overlap, so clients can switch without a
 * gap. In one transaction, with the old key's row locked: a key can be rotated once, and only while it works.
 */
import type { Pool } from "../../lib/db/pool.js";
import { inTransaction } from "../../lib/db/transaction.js";
import { checkExpiry, findKey, KeyAdminError, keyState, mintKey, type MintedKey } from "./key-admin.js";

export const DEFAULT_OVERLAP_MS = 24 * 3_600_000;
export const MAX_OVERLAP_MS = 365 * 86_400_000;

export interface RotateInput {
  keyId: string;
  /** How long the old key keeps working; default 24 hours, 0 ends it now. */
  overlapMs?: number;
  /**
   * The successor's expiry: epoch milliseconds, or null for none. Absent: the old key's lifetime again (its
   * expires_at - created_at) from now, or none if the old key had no expiry.
   */
  expiresAt?: number | null;
  now?: number;
}

export interface Rotation {
  successor: MintedKey;
  previous: { keyId: string; expiresAt: number };
}

export async function rotateKey(owner: Pool, input: RotateInput): Promise<Rotation> {
  const now = input.now ?? Date.now();
  const overlapMs = input.overlapMs ?? DEFAULT_OVERLAP_MS;
  if (!Number.isSafeInteger(overlapMs) || overlapMs < 0 || overlapMs > MAX_OVERLAP_MS) {
    throw new KeyAdminError(`the overlap must be from 0 to ${MAX_OVERLAP_MS / 86_400_000} days`);
  }
  if (input.expiresAt !== undefined) checkExpiry(input.expiresAt, now);
  return inTransaction(owner, async (client) => {
    const old = await findKey(client, input.keyId, true);
    if (!old) throw new KeyAdminError(`no key ${input.keyId}`, "not_found");
    const state = keyState(old, now);
    if (state !== "active")
      throw new KeyAdminError(
        `key ${input.keyId} is ${state}: only a working key can be rotated (mint a new one)`,
        "conflict",
      );
    const { rows } = await client.query("SELECT key_id FROM auth.api_keys WHERE rotated_from = $1 LIMIT 1", [
      input.keyId,
    ]);
    if (rows[0])
      throw new KeyAdminError(
        `key ${input.keyId} was already rotated to ${rows[0].key_id}: rotate that one`,
        "conflict",
      );
    const lifetime = old.expires_at === null ? null : old.expires_at - old.created_at;
    const expiresAt = input.expiresAt !== undefined ? input.expiresAt : lifetime === null ? null : now + lifetime;
    const successor = await mintKey(client, {
      name: old.name,
      scopes: old.scopes,
      expiresAt,
      rotatedFrom: old.key_id,
      now,
    });
    // The old key never lives longer than it would have: the overlap only ever shortens its life.
    const oldExpiresAt = Math.min(now + overlapMs, old.expires_at ?? Infinity);
    await client.query("UPDATE auth.api_keys SET expires_at = $2 WHERE key_id = $1", [old.key_id, oldExpiresAt]);
    return { successor, previous: { keyId: old.key_id, expiresAt: oldExpiresAt } };
  });
}
