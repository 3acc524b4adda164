/**
 * Is the data current? The canonical daily report (spec §4.1 rule 2: the daily editor's) of a work date is due by
 * an hour the operator sets (DAILY_DUE_AT, Asia/Singapore wall clock, default 09:00). Past that hour the work date
 * is today's; before it, yesterday's, whose hour has passed. While that date's canonical daily is missing, the
 * console says "no daily report for work date D".
 */
import type { Queryable } from "../audit/audit-log.js";
import type { TimeOfDay } from "../config/usage.js";
import { addDays, startOfWorkDate, workDateOf } from "../work-date.js";

export interface DataFreshness {
  /** The latest work date whose daily is due by now. */
  workDate: string;
  /** Epoch milliseconds: when that work date's daily was due. */
  dueAt: number;
  /** When that work date's canonical daily was archived (the latest draft, any language); null while missing. */
  archivedAt: number | null;
  /** "no daily report for work date D" while it is missing; null once it is in. */
  warning: string | null;
  /** The newest canonical daily of any date, or null when there is none. */
  newestDaily: { workDate: string; archivedAt: number } | null;
}

const dueOn = (workDate: string, due: TimeOfDay) => startOfWorkDate(workDate) + (due.hour * 60 + due.minute) * 60_000;

export async function dataFreshness(
  q: Queryable,
  now: number,
  dueAt: TimeOfDay,
  editorId = "daily-editor",
): Promise<DataFreshness> {
  const today = workDateOf(now);
  const workDate = now >= dueOn(today, dueAt) ? today : addDays(today, -1);
  const { rows } = await q.query(
    `SELECT (SELECT max(archived_at) FROM reports.reports
              WHERE kind = 'daily' AND analyst_id = $1 AND work_date = $2::date) AS archived_at,
            newest.work_date::text AS newest_date, newest.archived_at AS newest_archived_at
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT work_date, archived_at FROM reports.reports
                           WHERE kind = 'daily' AND analyst_id = $1
                           ORDER BY work_date DESC, archived_at DESC LIMIT 1) newest ON true`,
    [editorId, workDate],
  );
  const row = rows[0];
  const archivedAt = row.archived_at === null ? null : Number(row.archived_at);
  return {
    workDate,
    dueAt: dueOn(workDate, dueAt),
    archivedAt,
    warning: archivedAt === null ? `no daily report for work date ${workDate}` : null,
    newestDaily:
      row.newest_date === null ? null : { workDate: row.newest_date, archivedAt: Number(row.newest_archived_at) },
  };
}
