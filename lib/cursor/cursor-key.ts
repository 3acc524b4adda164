/**
 * The one key policy of every cursor the service signs (the change feed's, the keyset tools', the fact-card list's):
 * `CURSOR_SECRET` when the operator sets it (the same on every process), else the deployment's own key, drawn once by
 * a migration (lib/changes/migrations/001_change_log.sql, `changes.cursor_key`) and read from the database, so every
 * replica and every restart shares it without a setting. No key is in the source and none is set by a setter: each
 * process builds its signer from its configuration and its database, and hands it to what signs.
 */
import { createHash } from "node:crypto";
import type { Pool } from "../db/pool.js";
import { createCursorSigner, type CursorSigner } from "./cursor-signer.js";

export type { CursorSigner } from "./cursor-signer.js";

/** The deployment's signer, read once on first use; a failed read (the database away) is tried again next time. */
export type CursorSignerSource = () => Promise<CursorSigner>;

/** The key a migration drew for this deployment: 64 hex characters. */
export async function readCursorKey(db: Pool): Promise<string> {
  const { rows } = await db.query("SELECT key FROM changes.cursor_key");
  return rows[0].key as string;
}

/** A configured secret as a key: its SHA-256, so a secret of any accepted length (16 or more) makes a full key. */
const keyOfSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** CURSOR_SECRET when it is set, else the database's key: the policy every process that signs cursors follows. */
export const deploymentCursorSigner = (db: Pool, secret: string | undefined): CursorSignerSource =>
  secret === undefined ? databaseCursorSigner(db) : configuredCursorSigner(secret);

export function configuredCursorSigner(secret: string): CursorSignerSource {
  const signer = Promise.resolve(createCursorSigner(keyOfSecret(secret)));
  return () => signer;
}

export function databaseCursorSigner(db: Pool): CursorSignerSource {
  let signer: Promise<CursorSigner> | undefined;
  return () => {
    signer ??= readCursorKey(db).then(createCursorSigner);
    signer.catch(() => (signer = undefined));
    return signer;
  };
}
