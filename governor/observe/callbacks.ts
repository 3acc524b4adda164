/**
 * The relay's callbacks as the operator reads them: what the receiver answered (received, duplicate, untracked,
 * refused by reason: the counts the gateway keeps per minute), what the inbox kept and applied, and what is still
 * waiting to be applied.
 */
import { CALLBACK_COUNT_OUTCOMES, type CallbackCountOutcome } from "../../lib/relay/callback-tally.js";
import type { Queryable } from "../db.js";
import type { Window } from "./ticks.js";

export interface CallbackCounts {
  /** Every request the receiver answered in the window, whatever the answer. */
  answered: number;
  /** Verified callbacks: recorded + duplicate + untracked. */
  received: number;
  byOutcome: Record<CallbackCountOutcome, number>;
  /** Kept in the inbox in the window (governor.deliveries, exact). */
  kept: number;
  /** Applied in the window, by what applying did. */
  applied: { total: number; completed: number; failed: number; ignored: number; error: number };
  /** Kept and not applied yet (any time), and since when the oldest waits. */
  pending: number;
  oldestPendingAt: number | null;
}

const MINUTE = 60_000;

export async function callbackCounts(q: Queryable, window: Window): Promise<CallbackCounts> {
  const counted = await q.query(
    `SELECT outcome, sum(n)::int AS n FROM governor.callback_counts
     WHERE minute_at >= $1 AND minute_at < $2 GROUP BY outcome`,
    [Math.floor(window.from / MINUTE) * MINUTE, window.to],
  );
  const byOutcome = Object.fromEntries(CALLBACK_COUNT_OUTCOMES.map((o) => [o, 0])) as Record<
    CallbackCountOutcome,
    number
  >;
  for (const r of counted.rows) byOutcome[r.outcome as CallbackCountOutcome] = r.n;
  const kept = await q.query(
    "SELECT count(*)::int AS n FROM governor.deliveries WHERE received_at >= $1 AND received_at < $2",
    [window.from, window.to],
  );
  // Applying records what it did: 'completed: …', 'failed…', 'ignored: …', or 'error: …' once given up.
  const applied = await q.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE outcome LIKE 'completed%')::int AS completed,
            count(*) FILTER (WHERE outcome LIKE 'failed%')::int AS failed,
            count(*) FILTER (WHERE outcome LIKE 'ignored%')::int AS ignored,
            count(*) FILTER (WHERE outcome LIKE 'error%')::int AS error
     FROM governor.deliveries WHERE applied_at >= $1 AND applied_at < $2`,
    [window.from, window.to],
  );
  const pending = await q.query(
    "SELECT count(*)::int AS n, min(received_at) AS oldest FROM governor.deliveries WHERE applied_at IS NULL",
  );
  return {
    answered: CALLBACK_COUNT_OUTCOMES.reduce((n, o) => n + byOutcome[o], 0),
    received: byOutcome.recorded + byOutcome.duplicate + byOutcome.untracked,
    byOutcome,
    kept: kept.rows[0].n,
    applied: applied.rows[0],
    pending: pending.rows[0].n,
    oldestPendingAt: pending.rows[0].oldest ?? null,
  };
}
