/**
 * SQL of the portfolio service, over the SELECT-only pool. Two questions: which portfolios exist and what
 * version their snapshot series is at (cheap, aggregated in the database), and the daily NAV series of some of
 * them (the last snapshot of each Singapore work date, collapsed in the database), in one round trip each.
 */
import type { Pool } from "../../lib/db/pool.js";
import type { NavPoint } from "./metrics.js";

export type PortfolioKind = "persona" | "benchmark";

export interface PortfolioRow {
  portfolioId: string;
  kind: PortfolioKind;
  benchmarkId: string | null;
  /** Identity of the snapshot series (see VERSION_AGGREGATE); "0" for no snapshots. */
  seriesVersion: string;
}

/**
 * The Singapore work date of a snapshot as a day number (UTC+8, no daylight saving, the same fixed offset as
 * lib/work-date.ts), computed exactly on integers.
 */
const WORK_DAY = "floor((s.taken_at + 28800000) / 86400000.0)";

/**
 * The series version: count, newest taken_at, and the sums of taken_at and of nav (in millionths), so appends,
 * deletions, replaced snapshots and corrected NAVs all change it. Both sums are over integers, exact and so
 * independent of scan order: the two queries below must give the same version for the same rows. (A float
 * sum could differ between plans; a numeric sum or a per-row hash costs three to four times as much.)
 */
const VERSION_AGGREGATE = "concat_ws(':', count(*), max(s.taken_at), sum(s.taken_at), sum((s.nav * 1000000)::bigint))";

const PORTFOLIO_COLUMNS = "p.portfolio_id, p.kind, p.benchmark_id, coalesce(v.series_version, '0') AS series_version";

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
        // Every series is aggregated, so one grouped scan beats a lookup per portfolio.
        text: `SELECT ${PORTFOLIO_COLUMNS}
                 FROM portfolio.portfolios p
                 LEFT JOIN (SELECT s.portfolio_id, ${VERSION_AGGREGATE} AS series_version
                              FROM portfolio.nav_snapshots s GROUP BY s.portfolio_id) v USING (portfolio_id)
                WHERE p.kind = 'persona'
                   OR p.portfolio_id IN (SELECT benchmark_id FROM portfolio.portfolios WHERE kind = 'persona')`,
      });
      return rows.map(toRow);
    },

    async portfolioWithBenchmark(portfolioId) {
      const { rows } = await db.query<PortfolioRecord>({
        name: "portfolio.with-benchmark",
        // One or two portfolios: aggregate only their snapshots, through the primary key.
        text: `SELECT ${PORTFOLIO_COLUMNS}
                 FROM portfolio.portfolios p
                 LEFT JOIN LATERAL (SELECT ${VERSION_AGGREGATE} AS series_version
                                      FROM portfolio.nav_snapshots s
                                     WHERE s.portfolio_id = p.portfolio_id
                                    HAVING count(*) > 0) v ON true
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
