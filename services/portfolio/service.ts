/**
 * PortfolioService: metrics of any portfolio (persona or benchmark) and the leaderboard of persona portfolios
 * (spec §2.7, §4.1 rule 7). Metrics are computed in process from the daily NAV series and cached per portfolio
 * until its series, or its benchmark's, changes; the sorted leaderboard is kept whole until any persona's key moves.
 */
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  GetLeaderboardResponseSchema,
  GetMetricsResponseSchema,
  GetTearSheetResponseSchema,
  type PortfolioMetrics,
  type PortfolioService,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { isWorkDate } from "../../lib/work-date.js";
import type { ServiceDeps } from "../deps.js";
import { createMetricsCache, type MetricsCache } from "./metrics-cache.js";
import { dailyPoints } from "./daily-series.js";
import { computeMetrics, type MetricValues } from "./metrics.js";
import { metricsMessage, seriesMessage, tearSheetMessage } from "./tear-sheet-message.js";
import { computeTearSheet } from "./tear-sheet.js";
import { createPortfolioStore, type PortfolioRow, type PortfolioStore } from "./store.js";
import { invalid, notFound } from "../request-checks.js";

export interface PortfolioServiceOptions {
  /** Replaces the SQL store (the deps' pool is then unused). */
  store?: PortfolioStore;
  cache?: MetricsCache;
}

const toMessage = (row: PortfolioRow, values: MetricValues): PortfolioMetrics => metricsMessage(row, values);

/** Sharpe descending, nulls last, then portfolio_id ascending (code-unit order) so equal Sharpes are stable. */
export function leaderboardOrder(a: PortfolioMetrics, b: PortfolioMetrics): number {
  if (a.sharpe !== b.sharpe) {
    if (a.sharpe === undefined) return 1;
    if (b.sharpe === undefined) return -1;
    return b.sharpe - a.sharpe;
  }
  return a.portfolioId < b.portfolioId ? -1 : a.portfolioId > b.portfolioId ? 1 : 0;
}

export function createPortfolioService(
  deps: ServiceDeps,
  options: PortfolioServiceOptions = {},
): ServiceImpl<typeof PortfolioService> {
  const store = options.store ?? createPortfolioStore(deps.db);
  const cache = options.cache ?? createMetricsCache();

  // A portfolio's cache key: its series version and, when it names one that exists, its benchmark's.
  const keyOf = (row: PortfolioRow, known: ReadonlyMap<string, PortfolioRow>) => {
    const benchmark = row.benchmarkId === null ? undefined : known.get(row.benchmarkId);
    return benchmark ? `${row.seriesVersion}|${benchmark.portfolioId}|${benchmark.seriesVersion}` : row.seriesVersion;
  };
  // The sorted leaderboard of the last call, valid while every persona's key is the same.
  let board: { key: string; metrics: PortfolioMetrics[] } | undefined;

  /** Metrics of `targets`; `known` holds every portfolio a target may name as its benchmark. */
  async function metricsOf(
    targets: readonly PortfolioRow[],
    known: ReadonlyMap<string, PortfolioRow>,
  ): Promise<PortfolioMetrics[]> {
    const benchmarkOf = (row: PortfolioRow) => (row.benchmarkId === null ? undefined : known.get(row.benchmarkId));
    const computed = new Map<string, MetricValues>();
    const stale: PortfolioRow[] = [];
    for (const row of targets) {
      const hit = cache.get(row.portfolioId, keyOf(row, known));
      if (hit) computed.set(row.portfolioId, hit);
      else stale.push(row);
    }
    if (stale.length > 0) {
      const ids = stale.flatMap((row) => [row.portfolioId, ...(benchmarkOf(row) ? [row.benchmarkId!] : [])]);
      const series = await store.dailySeries(ids);
      for (const row of stale) {
        const benchmark = benchmarkOf(row);
        const values = computeMetrics(
          series.get(row.portfolioId) ?? [],
          benchmark ? (series.get(benchmark.portfolioId) ?? []) : null,
        );
        cache.set(row.portfolioId, keyOf(row, known), values);
        computed.set(row.portfolioId, values);
      }
    }
    return targets.map((row) => toMessage(row, computed.get(row.portfolioId)!));
  }

  /** Every persona portfolio's metrics, in leaderboard order. */
  async function sortedBoard(): Promise<PortfolioMetrics[]> {
    const rows = await store.leaderboardPortfolios();
    const known = new Map(rows.map((row) => [row.portfolioId, row]));
    const personas = rows.filter((row) => row.kind === "persona");
    const key = personas.map((row) => `${row.portfolioId}=${keyOf(row, known)}`).join(",");
    if (board?.key !== key) {
      const metrics = await metricsOf(personas, known);
      board = { key, metrics: metrics.sort(leaderboardOrder) };
    }
    return board.metrics;
  }

  /** The portfolio, its benchmark row when it names one that exists, and both daily series. */
  async function withSeries(id: string) {
    if (id === "") throw invalid("portfolio_id is required");
    const rows = await store.portfolioWithBenchmark(id);
    const target = rows.find((row) => row.portfolioId === id);
    if (!target) throw notFound(`unknown portfolio: ${id}`);
    const benchmark = rows.find((row) => row.portfolioId === target.benchmarkId && row.portfolioId !== id);
    const series = await store.dailySeries(benchmark ? [id, benchmark.portfolioId] : [id]);
    return {
      target,
      rows,
      series: series.get(id) ?? [],
      benchmark: benchmark ? (series.get(benchmark.portfolioId) ?? []) : null,
    };
  }

  return {
    async getMetrics(request) {
      const id = request.portfolioId;
      if (id === "") throw invalid("portfolio_id is required");
      const rows = await store.portfolioWithBenchmark(id);
      const target = rows.find((row) => row.portfolioId === id);
      if (!target) throw notFound(`unknown portfolio: ${id}`);
      const [metrics] = await metricsOf([target], new Map(rows.map((row) => [row.portfolioId, row])));
      return create(GetMetricsResponseSchema, { metrics });
    },

    async getLeaderboard(request) {
      if (request.limit < 0) throw invalid("limit must be 0 (every portfolio) or positive");
      const leaderboard = (await sortedBoard()).slice(0, request.limit > 0 ? request.limit : undefined);
      return create(GetLeaderboardResponseSchema, { leaderboard, count: leaderboard.length });
    },

    async getSeries(request) {
      const { from, to } = request;
      for (const [name, value] of [
        ["from", from],
        ["to", to],
      ] as const) {
        if (value !== "" && !isWorkDate(value)) throw invalid(`${name} must be a YYYY-MM-DD date`);
      }
      if (from !== "" && to !== "" && from > to) throw invalid("from must not be after to");
      const { target, series, benchmark } = await withSeries(request.portfolioId);
      const points = dailyPoints(series, benchmark).filter(
        (p) => (from === "" || p.date >= from) && (to === "" || p.date <= to),
      );
      return seriesMessage(target, points);
    },

    async getTearSheet(request) {
      const { target, series, benchmark } = await withSeries(request.portfolioId);
      const trialSharpes = (await sortedBoard()).flatMap((m) => (m.sharpe === undefined ? [] : [m.sharpe]));
      const values = computeTearSheet({ series, benchmark, seriesVersion: target.seriesVersion, trialSharpes });
      return create(GetTearSheetResponseSchema, { tearSheet: tearSheetMessage(target, values) });
    },
  };
}
