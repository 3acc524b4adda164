/**
 * SQL of the portfolio service, over the SELECT-only pool. Two questions: which portfolios exist and what
 * version their snapshot series is at (a counter the database keeps, see SERIES_VERSION), and the daily NAV series
 * of some of them (the last snapshot of each Singapore work date, collapsed in the database), in one round trip each.
 */
import type { Pool } from "../../lib/db/pool.js";
import type { NavPoint } from "./metrics.js";

export type PortfolioKind = "persona" | "benchmark";

export interface PortfolioRow {
  portfolioId: string;
  kind: PortfolioKind;
  benchmarkId: string | null;
  /** Identity of the snapshot series (see SERIES_VERSION); "0" while it never had a snapshot. */
  seriesVersion: string;
}

/**
 * The Singapore work date of a snapshot as a day number (UTC+8, no daylight saving, the same fixed offset as
 * lib/work-date.ts), computed exactly on integers.
 */
const WORK_DAY = "floor((s.taken_at + 28800000) / 86400000.0)";

/**
 * SERIES_VERSION: a counter per portfolio that migration 002's triggers bump in the same transaction as any
 * insert, update, delete or truncate of its snapshots, so appends, deletions, replaced snapshots and corrected NAVs
 * all change it; one primary-key lookup per portfolio, instead of aggregating every snapshot on each request.
 */
const PORTFOLIO_COLUMNS = "p.portfolio_id, p.kind, p.benchmark_id, coalesce(v.version::text, '0') AS series_version";
const WITH_VERSION = "portfolio.portfolios p LEFT JOIN portfolio.series_versions v USING (portfolio_id)";

interface PortfolioRecord {
  portfolio_id: string;
  kind: PortfolioKind;
  benchmark_id: string | null;
  series_version: string;
}

const toRow = (r: PortfolioRecord): PortfolioRow => ({
  portfolioId: r.portfolio_id,
  kind: r.kind,
  benchmarkId: r.benchmark_id,
  seriesVersion: r.series_version,
});

export interface PortfolioStore {
  /** Every persona portfolio and every portfolio one of them names as its benchmark. */
  leaderboardPortfolios(): Promise<PortfolioRow[]>;
  /** The portfolio and, when it names one that exists, its benchmark; empty for an unknown id. */
  portfolioWithBenchmark(portfolioId: string): Promise<PortfolioRow[]>;
  /** Daily NAV series of these portfolios, ascending; a portfolio without snapshots maps to []. */
  dailySeries(portfolioIds: readonly string[]): Promise<Map<string, NavPoint[]>>;
}

export function createPortfolioStore(db: Pool): PortfolioStore {
  return {
    async leaderboardPortfolios() {
      const { rows } = await db.query<PortfolioRecord>({
        name: "portfolio.leaderboard-portfolios",
        text: `SELECT ${PORTFOLIO_COLUMNS}
                 FROM ${WITH_VERSION}
                WHERE p.kind = 'persona'
                   OR p.portfolio_id IN (SELECT benchmark_id FROM portfolio.portfolios WHERE kind = 'persona')`,
      });
      return rows.map(toRow);
    },

    async portfolioWithBenchmark(portfolioId) {
      const { rows } = await db.query<PortfolioRecord>({
        name: "portfolio.with-benchmark",
        text: `SELECT ${PORTFOLIO_COLUMNS}
                 FROM ${WITH_VERSION}
                WHERE p.portfolio_id = $1
                   OR p.portfolio_id = (SELECT benchmark_id FROM portfolio.portfolios WHERE portfolio_id = $1)`,
        values: [portfolioId],
      });
      return rows.map(toRow);
    },

    async dailySeries(portfolioIds) {
      const series = new Map<string, NavPoint[]>(portfolioIds.map((id) => [id, []]));
      if (portfolioIds.length === 0) return series;
      const { rows } = await db.query<{ portfolio_id: string; taken_at: number; nav: number }>({
        name: "portfolio.daily-series",
        text: `SELECT DISTINCT ON (s.portfolio_id, ${WORK_DAY}) s.portfolio_id, s.taken_at, s.nav
                 FROM portfolio.nav_snapshots s
                WHERE s.portfolio_id = ANY($1::text[])
                ORDER BY s.portfolio_id, ${WORK_DAY}, s.taken_at DESC`,
        values: [[...new Set(portfolioIds)]],
      });
      for (const r of rows) series.get(r.portfolio_id)?.push({ at: r.taken_at, nav: r.nav });
      return series;
    },
  };
}
