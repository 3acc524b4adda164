/**
 * Which archived daily or weekly report answers a request (spec §4.1 rules 2, 4 and 6). Bodies stay in the
 * object store; these queries choose the row and read its body's content hash (the ETag, and the key of the
 * service's body cache), never the body.
 */
import type { Pool } from "../../lib/db/pool.js";
import type { ReportLang } from "./validate.js";

export type ReportKind = "daily" | "weekly";

export interface ReportRow {
  reportId: string;
  analystId: string;
  workDate: string;
  lang: ReportLang;
  objectKey: string;
  /** SHA-256 of the body as the object store holds it; null when the body is missing. */
  sha256: string | null;
  /** Epoch milliseconds. */
  archivedAt: number;
}

export interface ReportChoice {
  kind: ReportKind;
  analystId: string;
  /** Inclusive work-date range: one date for a daily, the ISO week for a weekly. */
  from: string;
  to: string;
  /** Languages in order of preference: an earlier language wins over a later archive in another one. */
  languages: ReportLang[];
}

// Within the chosen language the latest archive wins, so re-runs and partial drafts lose to the final;
// report_id breaks a tie on archived_at so the answer never depends on the plan.
const PICK = `
  SELECT r.report_id, r.analyst_id, r.work_date, r.lang, r.object_key, o.sha256, r.archived_at
    FROM reports.published_reports r
    LEFT JOIN objects.blobs o ON o.key = r.object_key
   WHERE r.kind = $1 AND r.analyst_id = $2 AND r.work_date BETWEEN $3 AND $4 AND r.lang = ANY ($5::text[])
   ORDER BY array_position($5::text[], r.lang), r.archived_at DESC, r.report_id DESC
   LIMIT 1`;

const LATEST_DATE = `
  SELECT max(work_date) AS work_date
    FROM reports.published_reports
   WHERE kind = 'daily' AND analyst_id = $1 AND work_date BETWEEN $2 AND $3`;

// A prefix is matched on the date's text; analyst '' means every author.
const DATES = `
  SELECT DISTINCT work_date
    FROM reports.published_reports
   WHERE kind = $1 AND ($2 = '' OR analyst_id = $2) AND work_date::text LIKE $3 || '%'
   ORDER BY work_date DESC
   LIMIT $4`;

export function createReportStore(db: Pool) {
  return {
    /** The report a reader gets for these criteria, or undefined when the analyst archived none. */
    async pick(choice: ReportChoice): Promise<ReportRow | undefined> {
      const { rows } = await db.query({
        name: "reports.pick",
        text: PICK,
        values: [choice.kind, choice.analystId, choice.from, choice.to, choice.languages],
      });
      const r = rows[0];
      return r
        ? {
            reportId: r.report_id,
            analystId: r.analyst_id,
            workDate: r.work_date,
            lang: r.lang,
            objectKey: r.object_key,
            sha256: r.sha256,
            archivedAt: r.archived_at,
          }
        : undefined;
    },

    /** Distinct work dates with a report of this kind (by this analyst, when given), newest first. */
    async dates(kind: ReportKind, analystId: string, prefix: string, limit: number): Promise<string[]> {
      const { rows } = await db.query({ name: "reports.dates", text: DATES, values: [kind, analystId, prefix, limit] });
      return rows.map((r) => r.work_date as string);
    },

    /** The most recent work date in [from, to] on which the editor archived a daily, in any language. */
    async latestDailyDate(editorId: string, from: string, to: string): Promise<string | undefined> {
      const { rows } = await db.query({
        name: "reports.latest-daily-date",
        text: LATEST_DATE,
        values: [editorId, from, to],
      });
      return rows[0]?.work_date ?? undefined;
    },
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
