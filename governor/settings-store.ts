/**
 * The operator's kill switch (spec §8): a settings row, flipped by `npm run governor -- disable|enable` or the
 * console. One function flips it, whoever calls, and writes the audit row with it (one transaction), so every way in
 * records who, when and from where.
 */
import { recordAudit } from "../lib/audit/audit-log.js";
import type { Pool } from "../lib/db/pool.js";
import { inTransaction } from "../lib/db/transaction.js";
import type { Queryable } from "./db.js";

export interface KillSwitch {
  /** GOVERNOR_ENABLED at start. */
  byConfig: boolean;
  /** The settings row (absent: enabled). */
  bySetting: boolean;
  setting: { updatedAt: number; updatedBy: string } | null;
  /** The governor's headroom control is on only when both say so. */
  enabled: boolean;
}

export async function readKillSwitch(q: Queryable, byConfig: boolean): Promise<KillSwitch> {
  const { rows } = await q.query("SELECT value, updated_at, updated_by FROM governor.settings WHERE name = 'enabled'");
  const row = rows[0];
  const bySetting = row ? row.value !== false : true;
  return {
    byConfig,
    bySetting,
    setting: row ? { updatedAt: row.updated_at, updatedBy: row.updated_by } : null,
    enabled: byConfig && bySetting,
  };
}

export interface OperatorAction {
  /** `operator:<unix user>` from the command line; the console passes its operator. */
  actor: string;
  /** The client address; null from the command line. */
  address?: string | null;
  at: number;
}

/** Flips the settings row and records `governor.enable` or `governor.disable` in the audit log. */
export async function setEnabled(db: Pool, enabled: boolean, by: OperatorAction): Promise<void> {
  await inTransaction(db, async (client) => {
    const { rows } = await client.query("SELECT value FROM governor.settings WHERE name = 'enabled' FOR UPDATE");
    await client.query(
      `INSERT INTO governor.settings (name, value, updated_at, updated_by) VALUES ('enabled', $1::jsonb, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [JSON.stringify(enabled), by.at, by.actor],
    );
    await recordAudit(client, {
      actor: by.actor,
      action: enabled ? "governor.enable" : "governor.disable",
      target: "kill switch",
      address: by.address ?? null,
      detail: { was_enabled: rows[0] ? rows[0].value !== false : true },
      at: by.at,
    });
  });
}
