/**
 * The hand-written leaderboard: each request asks the database for the version of every persona's and benchmark's
 * NAV series (one grouped scan); while no version changed the computed leaderboard is served from memory,
 * otherwise the daily series are read and the metrics computed again with the same math as the service.
 */
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { computeMetrics, type MetricValues, type NavPoint } from "../../../services/portfolio/metrics.js";

const VERSIONS = `
  SELECT p.portfolio_id, p.kind, p.benchmark_id,
         coalesce(v.version, '0') AS version
    FROM portfolio.portfolios p
    LEFT JOIN (SELECT s.portfolio_id, concat_ws(':', count(*), max(s.taken_at), sum(s.taken_at), sum((s.nav * 1000000)::bigint)) AS version
                 FROM portfolio.nav_snapshots s GROUP BY s.portfolio_id) v USING (portfolio_id)
   WHERE p.kind = 'persona' OR p.portfolio_id IN (SELECT benchmark_id FROM portfolio.portfolios WHERE kind = 'persona')`;

const DAY = "floor((s.taken_at + 28800000) / 86400000.0)";
const SERIES = `
  SELECT DISTINCT ON (s.portfolio_id, ${DAY}) s.portfolio_id, s.taken_at, s.nav
    FROM portfolio.nav_snapshots s
   WHERE s.portfolio_id = ANY($1::text[])
   ORDER BY s.portfolio_id, ${DAY}, s.taken_at DESC`;

interface Row {
  portfolio_id: string;
  kind: string;
  benchmark_id: string | null;
  version: string;
}

function item(id: string, benchmarkId: string | null, m: MetricValues) {
  return {
    portfolio_id: id,
    n_snapshots: m.nSnapshots,
    n_returns: m.nReturns,
    first_at: m.firstAt,
    last_at: m.lastAt,
    start_nav: m.startNav,
    latest_nav: m.latestNav,
    total_return_pct: m.totalReturnPct,
    annualized_return_pct: m.annualizedReturnPct,
    annualized_vol_pct: m.annualizedVolPct,
    sharpe: m.sharpe,
    sortino: m.sortino,
    calmar: m.calmar,
    max_drawdown_pct: m.maxDrawdownPct,
    current_drawdown_pct: m.currentDrawdownPct,
    best_day_pct: m.bestDayPct,
    worst_day_pct: m.worstDayPct,
    benchmark_id: benchmarkId,
    benchmark_return_pct: m.benchmarkReturnPct,
    alpha_pct: m.alphaPct,
  };
}

type Item = ReturnType<typeof item>;

function bySharpe(a: Item, b: Item): number {
  if (a.sharpe !== b.sharpe) {
    if (a.sharpe === null) return 1;
    if (b.sharpe === null) return -1;
    return b.sharpe - a.sharpe;
  }
  return a.portfolio_id < b.portfolio_id ? -1 : a.portfolio_id > b.portfolio_id ? 1 : 0;
}

export function portfolioRoutes(app: FastifyInstance, pool: pg.Pool) {
  let cached: { version: string; body: { leaderboard: Item[]; count: number } } | undefined;

  async function compute(rows: Row[]) {
    const known = new Set(rows.map((r) => r.portfolio_id));
    const { rows: points } = await pool.query<{ portfolio_id: string; taken_at: number; nav: number }>({
      name: "series",
      text: SERIES,
      values: [[...known]],
    });
    const series = new Map<string, NavPoint[]>([...known].map((id) => [id, []]));
    for (const p of points) series.get(p.portfolio_id)!.push({ at: p.taken_at, nav: p.nav });
    const leaderboard = rows
      .filter((r) => r.kind === "persona")
      .map((r) => {
        const benchmark = r.benchmark_id !== null && known.has(r.benchmark_id) ? series.get(r.benchmark_id)! : null;
        return item(r.portfolio_id, r.benchmark_id, computeMetrics(series.get(r.portfolio_id)!, benchmark));
      })
      .sort(bySharpe);
    return { leaderboard, count: leaderboard.length };
  }

  app.get("/api/v1/portfolios/leaderboard", { config: { scope: "portfolios:read" } }, async () => {
    const { rows } = await pool.query<Row>({ name: "versions", text: VERSIONS });
    const version = rows
      .map((r) => `${r.portfolio_id}=${r.version}`)
      .sort()
      .join(",");
    if (cached?.version !== version) cached = { version, body: await compute(rows) };
    return cached.body;
  });
}
