/**
 * governor.decisions: one row per tick, kickoff or daily fleet-health slot. Claiming inserts it (a slot already
 * claimed by any replica, now or before a restart, is not run again); completing records the outcome with every input
 * it was decided on.
 *
 * A claim that stays open across statements (a tick's) is held: the claiming session takes an advisory lock on the
 * decision in the INSERT itself, and keeps it until the decision is completed. PostgreSQL drops a session's locks when
 * the session ends, so a claim whose lock can be taken belongs to a claimer that died (a process killed mid-tick, a
 * connection lost): closeAbandoned() closes such rows as 'abandoned', and nothing stays 'running' for good. Kickoffs
 * and snapshots claim inside the transaction that does their work, so a dead one leaves no row at all.
 */
import type { Pool } from "../lib/db/pool.js";
import type { Queryable } from "./db.js";

export type DecisionKind = "tick" | "kickoff" | "fleet-health";

export interface DecisionRow {
  kind: DecisionKind;
  slotAt: number;
  decidedAt: number;
  outcome: string;
  inputs: Record<string, unknown>;
}

export interface AbandonedDecision {
  kind: DecisionKind;
  slot_at: number;
  claimed_at: number;
  claimed_by: string;
}

/** The first key of the two-key advisory lock a live claimer holds on its decision (the second: the decision id). */
const CLAIM_LOCK = 7_300_461;
const lockKey = "(decision_id % 2147483647)::int";

/**
 * The decision's id, or null when the slot was claimed before. `hold`: the calling session keeps a lock on the claim
 * until releaseClaim() (or until the session ends).
 */
export async function claimSlot(
  q: Queryable,
  kind: DecisionKind,
  slotAt: number,
  now: number,
  by: string,
  options: { hold?: boolean } = {},
): Promise<number | null> {
  const { rows } = await q.query(
    `INSERT INTO governor.decisions (kind, slot_at, claimed_at, claimed_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind, slot_at) DO NOTHING
     RETURNING decision_id${options.hold ? `, pg_advisory_lock(${CLAIM_LOCK}, ${lockKey})` : ""}`,
    [kind, slotAt, now, by],
  );
  return rows[0] ? Number(rows[0].decision_id) : null;
}

/** Lets go of a held claim (after completing it). */
export async function releaseClaim(q: Queryable, id: number): Promise<void> {
  await q.query(`SELECT pg_advisory_unlock(${CLAIM_LOCK}, ($1::bigint % 2147483647)::int)`, [id]);
}

/** Records the outcome; a claim already closed (as abandoned, after its session was lost) is left as it is. */
export async function completeDecision(
  q: Queryable,
  id: number,
  outcome: string,
  inputs: Record<string, unknown>,
  now: number,
): Promise<boolean> {
  const { rowCount } = await q.query(
    "UPDATE governor.decisions SET outcome = $2, inputs = $3, decided_at = $4 WHERE decision_id = $1 AND outcome = 'running'",
    [id, outcome, JSON.stringify(inputs), now],
  );
  return rowCount === 1;
}

/**
 * Closes every claim still 'running' whose claimer is gone (its lock is free), except `own`. Each lock is taken only
 * for the moment of the check, so a live claimer that is about to finish just finds its row closed already. `q` must
 * be one session (a client), never a pool: the lock is taken and let go on it.
 */
export async function closeAbandoned(
  q: Queryable,
  now: number,
  by: string,
  own: number | null = null,
): Promise<AbandonedDecision[]> {
  const { rows } = await q.query(
    `SELECT decision_id, kind, slot_at, claimed_at, claimed_by FROM governor.decisions
     WHERE outcome = 'running' AND decision_id IS DISTINCT FROM $1 ORDER BY decision_id`,
    [own],
  );
  const closed: AbandonedDecision[] = [];
  for (const r of rows) {
    const { rows: locked } = await q.query(
      `SELECT pg_try_advisory_lock(${CLAIM_LOCK}, ($1::bigint % 2147483647)::int) AS free`,
      [r.decision_id],
    );
    if (!locked[0].free) continue; // its claimer is alive (working, or waiting for the tick lock)
    try {
      const abandoned = { claimed_by: r.claimed_by, claimed_at: Number(r.claimed_at), noticed_by: by, noticed_at: now };
      const { rowCount } = await q.query(
        `UPDATE governor.decisions SET outcome = 'abandoned', decided_at = $2, inputs = $3
         WHERE decision_id = $1 AND outcome = 'running'`,
        [r.decision_id, now, JSON.stringify({ abandoned })],
      );
      if (rowCount === 1)
        closed.push({
          kind: r.kind,
          slot_at: Number(r.slot_at),
          claimed_at: Number(r.claimed_at),
          claimed_by: r.claimed_by,
        });
    } finally {
      await releaseClaim(q, Number(r.decision_id));
    }
  }
  return closed;
}

/** closeAbandoned() on a session of its own (a governor starting, the console). */
export async function sweepAbandoned(pool: Pool, now: number, by: string): Promise<AbandonedDecision[]> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    return await closeAbandoned(client, now, by);
  } catch (e) {
    failed = e as Error;
    throw e;
  } finally {
    client.release(failed);
  }
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
