/** The operator's kill switch (spec §8): a settings row, flipped by `npm run governor -- disable|enable`. */
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

export async function setEnabled(q: Queryable, enabled: boolean, by: string, now: number): Promise<void> {
  await q.query(
    `INSERT INTO governor.settings (name, value, updated_at, updated_by) VALUES ('enabled', $1::jsonb, $2, $3)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [JSON.stringify(enabled), now, by],
  );
}
