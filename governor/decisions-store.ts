/**
 * governor.decisions: one row per tick or kickoff slot. Claiming inserts it (a slot already claimed by any replica,
 * now or before a restart, is not run again); completing records the outcome with every input it was decided on.
 */
import type { Queryable } from "./db.js";

export type DecisionKind = "tick" | "kickoff";

export interface DecisionRow {
  kind: DecisionKind;
  slotAt: number;
  decidedAt: number;
  outcome: string;
  inputs: Record<string, unknown>;
}

/** The decision's id, or null when the slot was claimed before. */
export async function claimSlot(
  q: Queryable,
  kind: DecisionKind,
  slotAt: number,
  now: number,
  by: string,
): Promise<number | null> {
  const { rows } = await q.query(
    `INSERT INTO governor.decisions (kind, slot_at, claimed_at, claimed_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind, slot_at) DO NOTHING RETURNING decision_id`,
    [kind, slotAt, now, by],
  );
  return rows[0]?.decision_id ?? null;
}

export async function completeDecision(
  q: Queryable,
  id: number,
  outcome: string,
  inputs: Record<string, unknown>,
  now: number,
): Promise<void> {
  await q.query("UPDATE governor.decisions SET outcome = $2, inputs = $3, decided_at = $4 WHERE decision_id = $1", [
    id,
    outcome,
    JSON.stringify(inputs),
    now,
  ]);
}

export async function latestDecision(q: Queryable, kind: DecisionKind): Promise<DecisionRow | null> {
  const { rows } = await q.query(
    `SELECT kind, slot_at, decided_at, outcome, inputs FROM governor.decisions
     WHERE kind = $1 AND decided_at IS NOT NULL ORDER BY decided_at DESC, decision_id DESC LIMIT 1`,
    [kind],
  );
  const r = rows[0];
  return r
    ? { kind: r.kind, slotAt: r.slot_at, decidedAt: r.decided_at, outcome: r.outcome, inputs: r.inputs ?? {} }
    : null;
}
