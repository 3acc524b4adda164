/**
 * The operator's key actions with their audit rows, as both operator surfaces take them (the admin JSON routes and
 * the console's Keys page): mint and revoke write the key and its row in one transaction; rotate writes its row once
 * the rotation (a transaction of its own) has committed. Only the actor differs between the surfaces.
 */
import { recordAudit } from "../lib/audit/audit-log.js";
import type { Pool } from "../lib/db/pool.js";
import { inTransaction } from "../lib/db/transaction.js";
import { mintKey, revokeKey, type MintedKey, type MintInput } from "../gateway/auth/key-admin.js";
import { rotateKey, type RotateInput, type Rotation } from "../gateway/auth/key-rotation.js";

/** Who acts, and from which address. */
export interface KeyActor {
  actor: string;
  address: string | null;
}

export function mintAudited(
  owner: Pool,
  input: Pick<MintInput, "name" | "scopes" | "expiresAt">,
  who: KeyActor,
  at: number,
): Promise<MintedKey> {
  return inTransaction(owner, async (client) => {
    const k = await mintKey(client, { ...input, now: at });
    await recordAudit(client, {
      ...who,
      action: "key.mint",
      target: k.keyId,
      detail: { name: k.name, scopes: k.scopes, expires_at: k.expiresAt },
      at,
    });
    return k;
  });
}

/** False when the key was not live (unknown or already revoked): nothing is written then. */
export function revokeAudited(owner: Pool, keyId: string, who: KeyActor, at: number): Promise<boolean> {
  return inTransaction(owner, async (client) => {
    if (!(await revokeKey(client, keyId, at))) return false;
    await recordAudit(client, { ...who, action: "key.revoke", target: keyId, at });
    return true;
  });
}

export async function rotateAudited(
  owner: Pool,
  input: Omit<RotateInput, "now">,
  who: KeyActor,
  at: number,
): Promise<Rotation> {
  const rotation = await rotateKey(owner, { ...input, now: at });
  const { successor, previous } = rotation;
  await recordAudit(owner, {
    ...who,
    action: "key.rotate",
    target: successor.keyId,
    detail: { rotated_from: previous.keyId, previous_expires_at: previous.expiresAt, expires_at: successor.expiresAt },
    at,
  });
  return rotation;
}
