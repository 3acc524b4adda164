/**
 * Each kind of published data, its row count and its newest item, read from the services' tables on the owner pool:
 * what the Data page and the overview show. Newest is by the time the row carries (archived, updated, created).
 */
import type { Queryable } from "../../../lib/audit/audit-log.js";

export interface KindFacts {
  kind: string;
  rows: number;
  newest: { id: string; at: number | null; note: string | null } | null;
}

// [kind, count query's table, newest query]: the newest query returns id, at (epoch ms or null) and note.
const KINDS: Array<[string, string, string]> = [
  [
    "analysts",
    "catalog.analysts",
    "SELECT analyst_id AS id, NULL::bigint AS at, name AS note FROM catalog.analysts ORDER BY analyst_id DESC LIMIT 1",
  ],
  [
    "threads",
    "catalog.threads",
    "SELECT board_id::text AS id, updated_at AS at, work_date::text AS note FROM catalog.threads ORDER BY updated_at DESC, board_id DESC LIMIT 1",
  ],
  [
    "cards",
    "catalog.cards",
    "SELECT card_id AS id, completed_at AS at, work_date::text AS note FROM catalog.cards ORDER BY completed_at DESC NULLS LAST, card_id DESC LIMIT 1",
  ],
  [
    "card reports",
    "catalog.card_reports",
    "SELECT card_id AS id, archived_at AS at, NULL AS note FROM catalog.card_reports ORDER BY archived_at DESC LIMIT 1",
  ],
  [
    "daily reports",
    "reports.reports WHERE kind = 'daily'",
    "SELECT report_id AS id, archived_at AS at, work_date::text || ' ' || analyst_id || ' ' || lang AS note FROM reports.reports WHERE kind = 'daily' ORDER BY archived_at DESC, report_id DESC LIMIT 1",
  ],
  [
    "weekly reports",
    "reports.reports WHERE kind = 'weekly'",
    "SELECT report_id AS id, archived_at AS at, work_date::text || ' ' || analyst_id || ' ' || lang AS note FROM reports.reports WHERE kind = 'weekly' ORDER BY archived_at DESC, report_id DESC LIMIT 1",
  ],
  [
    "shared-data topics",
    "reports.data_topics",
    "SELECT topic AS id, fetched_at AS at, work_date::text AS note FROM reports.data_topics ORDER BY work_date DESC, fetched_at DESC NULLS LAST LIMIT 1",
  ],
  [
    "fleet-health snapshots",
    "reports.fleet_health",
    "SELECT snapshot_id AS id, generated_at AS at, NULL AS note FROM reports.fleet_health ORDER BY generated_at DESC LIMIT 1",
  ],
  [
    "topic pool",
    "catalog.topic_pool",
    "SELECT pool_id AS id, NULL::bigint AS at, status AS note FROM catalog.topic_pool ORDER BY pool_id DESC LIMIT 1",
  ],
  [
    "fact cards",
    "factcard.fact_cards",
    "SELECT fact_card_id AS id, created_at AS at, claim_category AS note FROM factcard.fact_cards ORDER BY created_at DESC, fact_card_id DESC LIMIT 1",
  ],
  [
    "portfolio snapshots",
    "portfolio.nav_snapshots",
    "SELECT portfolio_id AS id, taken_at AS at, NULL AS note FROM portfolio.nav_snapshots ORDER BY taken_at DESC LIMIT 1",
  ],
  [
    "events",
    "catalog.events",
    "SELECT event_id AS id, occurred_at AS at, NULL AS note FROM catalog.events ORDER BY occurred_at DESC, event_id DESC LIMIT 1",
  ],
];

export async function kindFacts(q: Queryable): Promise<KindFacts[]> {
  return Promise.all(
    KINDS.map(async ([kind, table, newest]) => {
      const [count, top] = await Promise.all([q.query(`SELECT count(*)::int AS n FROM ${table}`), q.query(newest)]);
      const r = top.rows[0];
      return {
        kind,
        rows: count.rows[0].n,
        newest: r ? { id: String(r.id), at: r.at === null ? null : Number(r.at), note: r.note ?? null } : null,
      };
    }),
  );
}

/** The newest work date with a canonical daily (DAILY_EDITOR_ID), or null. */
export async function newestCanonicalDaily(q: Queryable, editorId: string): Promise<string | null> {
  const { rows } = await q.query(
    "SELECT max(work_date)::text AS d FROM reports.reports WHERE kind = 'daily' AND analyst_id = $1",
    [editorId],
  );
  return rows[0]?.d ?? null;
}
