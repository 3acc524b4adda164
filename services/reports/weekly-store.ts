/** Who published a weekly report in an ISO week (spec §2.6, §4.1 rules 3 and 6). There is no canonical weekly. */
import type { Pool } from "../../lib/db/pool.js";
import type { ReportLang } from "./validate.js";

export interface WeeklyAuthorRow {
  analystId: string;
  /** The work date of the author's most recently archived weekly in the week. */
  workDate: string;
  /** Distinct languages of the author's weeklies in the week, sorted. */
  languages: ReportLang[];
}

// COLLATE "C": code-point order, whatever the database's locale, so the order is the same on every server.
const AUTHORS = `
  SELECT analyst_id,
         (array_agg(work_date ORDER BY archived_at DESC, report_id DESC))[1]::text AS work_date,
         array_agg(DISTINCT lang COLLATE "C" ORDER BY lang COLLATE "C") AS languages
    FROM reports.published_reports
   WHERE kind = 'weekly' AND work_date BETWEEN $1 AND $2
   GROUP BY analyst_id
   ORDER BY analyst_id COLLATE "C"`;

const AUTHOR_COUNT = `
  SELECT count(DISTINCT analyst_id)::int AS count
    FROM reports.published_reports
   WHERE kind = 'weekly' AND work_date BETWEEN $1 AND $2`;

export function createWeeklyStore(db: Pool) {
  return {
    async authors(weekStart: string, weekEnd: string): Promise<WeeklyAuthorRow[]> {
      const { rows } = await db.query({ name: "reports.weekly-authors", text: AUTHORS, values: [weekStart, weekEnd] });
      return rows.map((r) => ({ analystId: r.analyst_id, workDate: r.work_date, languages: r.languages }));
    },

    async authorCount(weekStart: string, weekEnd: string): Promise<number> {
      const { rows } = await db.query({
        name: "reports.weekly-author-count",
        text: AUTHOR_COUNT,
        values: [weekStart, weekEnd],
      });
      return rows[0]?.count ?? 0;
    },
  };
}

export type WeeklyStore = ReturnType<typeof createWeeklyStore>;
