/**
 * The reports of a feed, newest first: for each work date (daily) or ISO week (weekly) of one author, the report a
 * reader of the report route gets (the preferred language, then the latest archive, then the higher report_id), so a
 * feed entry and its link always show the same copy.
 */
import type { Pool } from "../../lib/db/pool.js";
import type { ReportKind, ReportRow } from "./report-store.js";
import type { ReportLang } from "./validate.js";

export interface FeedRow extends ReportRow {
  title: string | null;
  /** The work date (daily) or the Monday of its ISO week (weekly). */
  periodStart: string;
}

// date_trunc('week') is the ISO week's Monday; the tie-breaks are those of report-store's PICK.
const FEED = `
  SELECT DISTINCT ON (period_start) *
    FROM (SELECT r.report_id, r.analyst_id, r.work_date::text AS work_date, r.lang, r.title, r.object_key, o.sha256, r.archived_at,
                 CASE WHEN r.kind = 'weekly' THEN date_trunc('week', r.work_date)::date ELSE r.work_date END::text AS period_start
            FROM reports.published_reports r
            LEFT JOIN objects.blobs o ON o.key = r.object_key
           WHERE r.kind = $1 AND r.analyst_id = $2 AND r.lang = ANY ($3::text[])) candidates
   ORDER BY period_start DESC, array_position($3::text[], lang), archived_at DESC, report_id DESC
   LIMIT $4`;

// Withdrawn reports count: a feed whose every entry was withdrawn is empty, with its tombstones, not unknown.
const ANY_REPORT = "SELECT 1 FROM reports.reports WHERE kind = $1 AND analyst_id = $2 LIMIT 1";

export function createFeedStore(db: Pool) {
  return {
    async newest(kind: ReportKind, analystId: string, languages: ReportLang[], limit: number): Promise<FeedRow[]> {
      const { rows } = await db.query({
        name: "reports.feed",
        text: FEED,
        values: [kind, analystId, languages, limit],
      });
      return rows.map((r) => ({
        reportId: r.report_id,
        analystId: r.analyst_id,
        workDate: r.work_date,
        lang: r.lang,
        title: r.title,
        objectKey: r.object_key,
        sha256: r.sha256,
        archivedAt: Number(r.archived_at),
        periodStart: r.period_start,
      }));
    },

    /** Whether the author archived any report of this kind, in any language. */
    async hasAny(kind: ReportKind, analystId: string): Promise<boolean> {
      const { rows } = await db.query({ name: "reports.feed-any", text: ANY_REPORT, values: [kind, analystId] });
      return rows.length > 0;
    },
  };
}
