/** governor.tasks and governor.submissions: what was submitted, when, and what became of it. */
import { CEILINGS } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import type { SubmitAttempt } from "../relay/relay-client.js";
import type { TaskKind } from "../../lib/relay/ceilings.js";

export interface NewTask {
  taskId: string;
  kind: TaskKind;
  subjectId: string;
  slotAt: number;
  detail: Record<string, unknown>;
  submittedAt: number;
}

export interface SweptTask {
  taskId: string;
  kind: TaskKind;
  subjectId: string;
  submittedAt: number;
}

/** Submissions whose submitted_at lies in the closed window [now - 60 min, now] (or later, on a skewed clock). */
export async function countSubmittedSince(q: Queryable, now: number): Promise<number> {
  const { rows } = await q.query("SELECT count(*)::int AS n FROM governor.tasks WHERE submitted_at >= $1", [
    now - CEILINGS.hourWindowMs,
  ]);
  return rows[0].n;
}

/** Sweep: every task still open at its local deadline is closed as timed out; it never counts as running again. */
export async function sweepOverdue(q: Queryable, now: number): Promise<SweptTask[]> {
  const { rows } = await q.query(
    `UPDATE governor.tasks SET status = 'timed_out', closed_at = $1,
            error = coalesce(error || '; ', '') || 'local deadline (25 minutes) passed'
     WHERE status IN ('submitting', 'submitted') AND deadline_at <= $1
     RETURNING task_id, kind, subject_id, submitted_at`,
    [now],
  );
  return rows.map((r) => ({ taskId: r.task_id, kind: r.kind, subjectId: r.subject_id, submittedAt: r.submitted_at }));
}

/** Written before the relay is called, so the ceilings count it and a fast callback finds it. */
export async function insertTask(q: Queryable, t: NewTask): Promise<void> {
  await q.query(
    `INSERT INTO governor.tasks (task_id, kind, subject_id, status, slot_at, detail, submitted_at, deadline_at)
     VALUES ($1, $2, $3, 'submitting', $4, $5, $6, $7)`,
    [
      t.taskId,
      t.kind,
      t.subjectId,
      t.slotAt,
      JSON.stringify(t.detail),
      t.submittedAt,
      t.submittedAt + CEILINGS.localDeadlineMs,
    ],
  );
}

export async function recordAttempts(q: Queryable, taskId: string, attempts: SubmitAttempt[]): Promise<void> {
  for (const a of attempts) {
    await q.query(
      `INSERT INTO governor.submissions (task_id, attempt, started_at, duration_ms, http_status, outcome, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [taskId, a.attempt, a.startedAt, a.durationMs, a.httpStatus, a.outcome, a.error],
    );
  }
}

export async function markAccepted(q: Queryable, taskId: string, relayTaskId: string): Promise<void> {
  // A callback may have closed it already (the relay can answer faster than we record): only an open task moves.
  await q.query(
    `UPDATE governor.tasks SET relay_task_id = coalesce(relay_task_id, $2),
            status = CASE WHEN status = 'submitting' THEN 'submitted' ELSE status END
     WHERE task_id = $1`,
    [taskId, relayTaskId],
  );
}

export async function markRefused(q: Queryable, taskId: string, reason: string, now: number): Promise<void> {
  await q.query(
    `UPDATE governor.tasks SET status = 'rejected', closed_at = $3, error = $2 WHERE task_id = $1 AND status = 'submitting'`,
    [taskId, reason, now],
  );
}

/** The relay may hold it: the task stays open (a callback can still close it) until the sweep's deadline. */
export async function markUnknown(q: Queryable, taskId: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE governor.tasks SET status = 'submitted', error = $2 WHERE task_id = $1 AND status = 'submitting'`,
    [taskId, `submission outcome unknown: ${reason}`],
  );
}
