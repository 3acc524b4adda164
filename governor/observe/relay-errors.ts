/**
 * What went wrong between the governor and the relay in a window: fleet reads that failed (each tick records why),
 * submission attempts that got no answer (timeouts, resets, 5xx) and those the relay refused, with the most frequent
 * reasons first.
 */
import type { Queryable } from "../db.js";
import type { Window } from "./ticks.js";

export interface Reason {
  reason: string;
  count: number;
  lastAt: number;
}

export interface RelayErrors {
  fleetReads: { ticks: number; failed: number; reasons: Reason[] };
  submissionAttempts: { total: number; errors: number; refused: number; reasons: Reason[] };
}

export async function relayErrors(q: Queryable, window: Window, topReasons = 5): Promise<RelayErrors> {
  const fleet = await q.query(
    `SELECT count(*) FILTER (WHERE inputs ? 'fleet')::int AS ticks,
            count(*) FILTER (WHERE inputs->>'fleet_error' IS NOT NULL)::int AS failed
     FROM governor.decisions WHERE kind = 'tick' AND slot_at >= $1 AND slot_at < $2`,
    [window.from, window.to],
  );
  const fleetReasons = await q.query(
    `SELECT inputs->>'fleet_error' AS reason, count(*)::int AS count, max(decided_at) AS last_at
     FROM governor.decisions
     WHERE kind = 'tick' AND slot_at >= $1 AND slot_at < $2 AND inputs->>'fleet_error' IS NOT NULL
     GROUP BY 1 ORDER BY count DESC, last_at DESC LIMIT $3`,
    [window.from, window.to, topReasons],
  );
  const attempts = await q.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE outcome = 'error')::int AS errors,
            count(*) FILTER (WHERE outcome = 'refused')::int AS refused
     FROM governor.submissions WHERE started_at >= $1 AND started_at < $2`,
    [window.from, window.to],
  );
  const attemptReasons = await q.query(
    `SELECT CASE WHEN outcome = 'refused' THEN 'refused: HTTP ' || http_status
                 ELSE coalesce(error, 'HTTP ' || http_status, 'no answer') END AS reason,
            count(*)::int AS count, max(started_at) AS last_at
     FROM governor.submissions
     WHERE started_at >= $1 AND started_at < $2 AND outcome IN ('error', 'refused')
     GROUP BY 1 ORDER BY count DESC, last_at DESC LIMIT $3`,
    [window.from, window.to, topReasons],
  );
  const reasons = (rows: { reason: string; count: number; last_at: number }[]): Reason[] =>
    rows.map((r) => ({ reason: r.reason, count: r.count, lastAt: r.last_at }));
  return {
    fleetReads: { ...fleet.rows[0], reasons: reasons(fleetReasons.rows) },
    submissionAttempts: { ...attempts.rows[0], reasons: reasons(attemptReasons.rows) },
  };
}
