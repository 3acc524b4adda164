/**
 * The governor's tasks as the operator reads them: how many are in each state, what became of the submissions of a
 * window (per kind, against the per-tick and per-hour ceilings), and which the sweep closed as timed out.
 */
import { CEILINGS, DRAIN_ORDER, type TaskKind } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import type { Window } from "./ticks.js";

export const TASK_STATES = ["submitting", "submitted", "completed", "failed", "timed_out", "rejected"] as const;
export type TaskState = (typeof TASK_STATES)[number];

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Every task by kind and state (all of them, or those submitted in the window), zeros included. */
export async function tasksByState(
  q: Queryable,
  window?: Window,
): Promise<Record<TaskKind, Record<TaskState, number>>> {
  const { rows } = await q.query(
    `SELECT kind, status, count(*)::int AS n FROM governor.tasks
     WHERE ($1::bigint IS NULL OR submitted_at >= $1) AND ($2::bigint IS NULL OR submitted_at < $2)
     GROUP BY kind, status`,
    [window?.from ?? null, window?.to ?? null],
  );
  const out = Object.fromEntries(DRAIN_ORDER.map((k) => [k, zeros(TASK_STATES)])) as Record<
    TaskKind,
    Record<TaskState, number>
  >;
  for (const r of rows) out[r.kind as TaskKind][r.status as TaskState] = r.n;
  return out;
}

export interface KindSubmissions {
  /** Tasks sent in the window (every one counts toward the ceilings, whatever became of it). */
  submitted: number;
  /** The relay took it (it gave its own task id). */
  accepted: number;
  /** The relay said no (4xx): the task never existed there. */
  refused: number;
  /** No answer came (timeouts, errors in transit, a governor that died mid-submission). */
  unknown: number;
  completed: number;
  failed: number;
  timedOut: number;
  /** Still submitting or submitted. */
  open: number;
  /** The most submitted by one tick, against CEILINGS.perTick. */
  mostInOneTick: number;
}

export interface SubmissionsSummary {
  byKind: Record<TaskKind, KindSubmissions>;
  total: number;
  /** The most submitted by one tick, all kinds, against CEILINGS.perTickTotal. */
  mostInOneTick: number;
  /** The busiest rolling hour ending within the window: [at - 60 min, at], against CEILINGS.perHour. */
  busiestHour: { count: number; endingAt: number } | null;
}

export async function submissionsSummary(q: Queryable, window: Window): Promise<SubmissionsSummary> {
  const { rows } = await q.query(
    `SELECT kind, count(*)::int AS submitted,
            count(*) FILTER (WHERE relay_task_id IS NOT NULL)::int AS accepted,
            count(*) FILTER (WHERE status = 'rejected')::int AS refused,
            count(*) FILTER (WHERE relay_task_id IS NULL AND status <> 'rejected')::int AS unknown,
            count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status = 'timed_out')::int AS timed_out,
            count(*) FILTER (WHERE status IN ('submitting', 'submitted'))::int AS open
     FROM governor.tasks WHERE submitted_at >= $1 AND submitted_at < $2 GROUP BY kind`,
    [window.from, window.to],
  );
  const perTick = await q.query(
    `SELECT kind, max(n)::int AS most FROM (
       SELECT slot_at, kind, count(*) AS n FROM governor.tasks WHERE submitted_at >= $1 AND submitted_at < $2
       GROUP BY slot_at, kind
       UNION ALL
       SELECT slot_at, 'all', count(*) FROM governor.tasks WHERE submitted_at >= $1 AND submitted_at < $2
       GROUP BY slot_at) t
     GROUP BY kind`,
    [window.from, window.to],
  );
  const busiest = await q.query(
    `SELECT t.submitted_at AS at,
            (SELECT count(*) FROM governor.tasks u
              WHERE u.submitted_at BETWEEN t.submitted_at - $3::bigint AND t.submitted_at)::int AS n
     FROM governor.tasks t WHERE t.submitted_at >= $1 AND t.submitted_at < $2
     ORDER BY n DESC, at LIMIT 1`,
    [window.from, window.to, CEILINGS.hourWindowMs],
  );
  const most = new Map(perTick.rows.map((r) => [r.kind as string, r.most as number]));
  const empty = (): KindSubmissions => ({
    submitted: 0,
    accepted: 0,
    refused: 0,
    unknown: 0,
    completed: 0,
    failed: 0,
    timedOut: 0,
    open: 0,
    mostInOneTick: 0,
  });
  const byKind = Object.fromEntries(DRAIN_ORDER.map((k) => [k, empty()])) as Record<TaskKind, KindSubmissions>;
  for (const r of rows)
    byKind[r.kind as TaskKind] = {
      submitted: r.submitted,
      accepted: r.accepted,
      refused: r.refused,
      unknown: r.unknown,
      completed: r.completed,
      failed: r.failed,
      timedOut: r.timed_out,
      open: r.open,
      mostInOneTick: most.get(r.kind) ?? 0,
    };
  const b = busiest.rows[0];
  return {
    byKind,
    total: DRAIN_ORDER.reduce((n, k) => n + byKind[k].submitted, 0),
    mostInOneTick: most.get("all") ?? 0,
    busiestHour: b ? { count: b.n, endingAt: b.at } : null,
  };
}

export interface SweptTask {
  taskId: string;
  kind: TaskKind;
  subjectId: string;
  submittedAt: number;
  closedAt: number;
}

/** Tasks the sweep closed as timed out (the 25-minute local deadline) within the window: how many, the newest first. */
export async function timeoutsSwept(
  q: Queryable,
  window: Window,
  limit = 20,
): Promise<{ count: number; byKind: Record<TaskKind, number>; newest: SweptTask[] }> {
  const { rows } = await q.query(
    `SELECT kind, count(*)::int AS n FROM governor.tasks
     WHERE status = 'timed_out' AND closed_at >= $1 AND closed_at < $2 GROUP BY kind`,
    [window.from, window.to],
  );
  const newest = await q.query(
    `SELECT task_id, kind, subject_id, submitted_at, closed_at FROM governor.tasks
     WHERE status = 'timed_out' AND closed_at >= $1 AND closed_at < $2
     ORDER BY closed_at DESC, task_id LIMIT $3`,
    [window.from, window.to, limit],
  );
  const byKind = zeros(DRAIN_ORDER);
  for (const r of rows) byKind[r.kind as TaskKind] = r.n;
  return {
    count: DRAIN_ORDER.reduce((n, k) => n + byKind[k], 0),
    byKind,
    newest: newest.rows.map((r) => ({
      taskId: r.task_id,
      kind: r.kind,
      subjectId: r.subject_id,
      submittedAt: r.submitted_at,
      closedAt: r.closed_at,
    })),
  };
}
