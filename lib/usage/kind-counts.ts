/**
 * What the database holds, kind by kind, for the console's Data page: each kind's row count and its newest item
 * (by the time that kind is dated by). The kinds are the published ones an operator checks after an import; the
 * bundle's full list of kinds is bundle/kinds/.
 */
import type { Queryable } from "../audit/audit-log.js";

interface CountedKind {
  kind: string;
  table: string;
  /** Its id column (text), and what dates it (epoch ms, or null for a kind without a time). */
  id: string;
  at: string | null;
  where?: string;
}

const KINDS: readonly CountedKind[] = [
  { kind: "analysts", table: "catalog.analysts", id: "analyst_id", at: null },
  { kind: "threads", table: "catalog.threads", id: "board_id::text", at: "updated_at" },
  { kind: "card reports", table: "catalog.card_reports", id: "card_id || ' ' || lang", at: "archived_at" },
  { kind: "topic pool", table: "catalog.topic_pool", id: "pool_id", at: "created_at" },
  { kind: "similarity log", table: "catalog.similarity_log", id: "log_id", at: "decided_at * 1000" },
  { kind: "daily reports", table: "reports.reports", id: "report_id", at: "archived_at", where: "kind = 'daily'" },
  { kind: "weekly reports", table: "reports.reports", id: "report_id", at: "archived_at", where: "kind = 'weekly'" },
  { kind: "fleet-health snapshots", table: "reports.fleet_health", id: "snapshot_id", at: "generated_at" },
  { kind: "shared-data topics", table: "reports.data_topics", id: "work_date::text || '/' || topic", at: "fetched_at" },
  { kind: "portfolios", table: "portfolio.portfolios", id: "portfolio_id", at: null },
  { kind: "NAV snapshots", table: "portfolio.nav_snapshots", id: "portfolio_id", at: "taken_at" },
  { kind: "fact cards", table: "factcard.fact_cards", id: "fact_card_id", at: "created_at" },
  { kind: "search documents", table: "search.documents", id: "doc_id", at: "archived_at" },
  { kind: "sessions", table: "catalog.sessions", id: "session_id", at: "started_at" },
];

export interface KindCount {
  kind: string;
  rows: number;
  /** The newest item's id and time (epoch ms); null when the kind is empty or has no time. */
  newest: { id: string; at: number } | null;
}

/** Every kind, in a fixed order, with its count and newest item. */
export async function kindCounts(q: Queryable): Promise<KindCount[]> {
  const parts = KINDS.map((k, i) => {
    const where = k.where ? `WHERE ${k.where}` : "";
    const newest = (column: string) =>
      k.at
        ? `(SELECT ${column} FROM ${k.table} ${where ? `${where} AND` : "WHERE"} ${k.at} IS NOT NULL ORDER BY ${k.at} DESC, ${k.id} DESC LIMIT 1)`
        : "NULL";
    return `SELECT ${i} AS i, (SELECT count(*) FROM ${k.table} ${where})::bigint AS n,
                   ${newest(k.id)}::text AS newest_id, ${newest(k.at ?? "NULL")}::bigint AS newest_at`;
  });
  const { rows } = await q.query(`${parts.join(" UNION ALL ")} ORDER BY i`);
  return rows.map((r) => ({
    kind: KINDS[r.i]!.kind,
    rows: Number(r.n),
    newest: r.newest_id === null ? null : { id: r.newest_id, at: Number(r.newest_at) },
  }));
}
