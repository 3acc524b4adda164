/**
 * What was withdrawn (docs/lifecycle.md): the read paths read the published_* views and never see a withdrawn
 * report; these queries look behind them, to say "withdrawn" instead of "never published" and to give the feeds
 * their tombstones.
 */
import type { Pool } from "../../lib/db/pool.js";
import type { ReportChoice } from "./report-store.js";
import type { ReportLang } from "./validate.js";

export interface Tombstone {
  periodStart: string;
  /** Epoch milliseconds. */
  withdrawnAt: number;
}

// The latest withdrawal in force that takes report r down, whichever way it was withdrawn; null when none does.
const WITHDRAWN_AT = `
  (SELECT max(w.withdrawn_at) FROM reports.withdrawn w
    WHERE (w.kind = 'reports' AND w.item_id = r.report_id)
       OR (r.kind = 'daily' AND w.kind = 'daily' AND w.item_id = r.work_date::text)
       OR (r.kind = 'weekly' AND w.kind = 'weekly'
           AND w.item_id = date_trunc('week', r.work_date)::date::text || '/' || r.analyst_id))`;

// Reports matching a choice that exist but are withdrawn (a choice with a published report never asks).
const ANY_WITHDRAWN = `
  SELECT 1 FROM reports.reports r
   WHERE r.kind = $1 AND r.analyst_id = $2 AND r.work_date BETWEEN $3 AND $4 AND r.lang = ANY ($5::text[])
     AND ${WITHDRAWN_AT} IS NOT NULL
   LIMIT 1`;

// Periods of the author's feed in these languages whose every copy is withdrawn, no older than $4.
const TOMBSTONES = `
  SELECT period_start, max(withdrawn_at) AS withdrawn_at
    FROM (SELECT CASE WHEN r.kind = 'weekly' THEN date_trunc('week', r.work_date)::date ELSE r.work_date END::text
                   AS period_start,
                 ${WITHDRAWN_AT} AS withdrawn_at
            FROM reports.reports r
           WHERE r.kind = $1 AND r.analyst_id = $2 AND r.lang = ANY ($3::text[])) periods
   WHERE period_start >= $4
   GROUP BY period_start
  HAVING bool_and(withdrawn_at IS NOT NULL)
   ORDER BY period_start DESC
   LIMIT $5`;

const TOPIC_WITHDRAWN = `SELECT 1 FROM reports.withdrawn WHERE kind = 'data-topics' AND item_id = $1`;

export function createWithdrawnStore(db: Pool) {
  return {
    /** Whether a report matching the choice exists and every such report is withdrawn. */
    async reportWithdrawn(choice: ReportChoice): Promise<boolean> {
      const { rows } = await db.query({
        name: "reports.any-withdrawn",
        text: ANY_WITHDRAWN,
        values: [choice.kind, choice.analystId, choice.from, choice.to, choice.languages],
      });
      return rows.length > 0;
    },

    async tombstones(
      kind: "daily" | "weekly",
      analystId: string,
      languages: ReportLang[],
      since: string,
      limit: number,
    ): Promise<Tombstone[]> {
      const { rows } = await db.query({
        name: "reports.feed-tombstones",
        text: TOMBSTONES,
        values: [kind, analystId, languages, since, limit],
      });
      return rows.map((r) => ({ periodStart: r.period_start, withdrawnAt: Number(r.withdrawn_at) }));
    },

    async topicWithdrawn(workDate: string, topic: string): Promise<boolean> {
      const { rows } = await db.query({
        name: "reports.topic-withdrawn",
        text: TOPIC_WITHDRAWN,
        values: [`${workDate}/${topic}`],
      });
      return rows.length > 0;
    },
  };
}
