/**
 * The tear sheet and the daily series as protobuf messages: fractions become percents where the field says `_pct`,
 * and null becomes an unset optional field (which the gateway renders as null again).
 */
import { create } from "@bufbuild/protobuf";
import {
  GetSeriesResponseSchema,
  PortfolioMetricsSchema,
  TearSheetSchema,
  type GetSeriesResponse,
  type TearSheet,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import type { DailyPoint } from "./daily-series.js";
import type { MetricValues } from "./metrics.js";
import type { PortfolioRow } from "./store.js";
import type { TearSheetValues } from "./tear-sheet.js";

const opt = <T>(x: T | null): T | undefined => (x === null ? undefined : x);
/** A fraction as a percent; -0 becomes 0. */
const pct = (x: number | null): number | undefined => (x === null ? undefined : x * 100 + 0);

export function withoutNulls<T extends object>(values: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined])) as {
    [K in keyof T]: Exclude<T[K], null> | undefined;
  };
}

export const metricsMessage = (row: PortfolioRow, values: MetricValues) =>
  create(PortfolioMetricsSchema, {
    ...withoutNulls(values),
    portfolioId: row.portfolioId,
    benchmarkId: row.benchmarkId ?? undefined,
  });

export function seriesMessage(row: PortfolioRow, points: readonly DailyPoint[]): GetSeriesResponse {
  return create(GetSeriesResponseSchema, {
    portfolioId: row.portfolioId,
    benchmarkId: opt(row.benchmarkId),
    seriesVersion: row.seriesVersion,
    count: points.length,
    points: points.map((p) => ({
      date: p.date,
      at: p.at,
      nav: p.nav,
      returnPct: pct(p.ret),
      drawdownPct: p.drawdown * 100 + 0,
      benchmarkNav: opt(p.benchmarkNav),
    })),
  });
}

export function tearSheetMessage(row: PortfolioRow, t: TearSheetValues): TearSheet {
  const { periodReturns: pr, risk, deflatedSharpe: ds, methodology: m } = t;
  return create(TearSheetSchema, {
    portfolioId: row.portfolioId,
    metrics: metricsMessage(row, t.metrics),
    periodReturns: {
      mtdPct: pct(pr.mtd),
      qtdPct: pct(pr.qtd),
      ytdPct: pct(pr.ytd),
      oneYearPct: pct(pr.oneYear),
      threeYearPct: pct(pr.threeYear),
      sinceInceptionPct: pct(pr.sinceInception),
    },
    monthlyReturns: t.monthlyReturns.map((r) => ({ year: r.year, month: r.month, returnPct: r.ret * 100 + 0 })),
    drawdowns: t.drawdowns.map((d) => ({
      peakDate: d.peakDate,
      troughDate: d.troughDate,
      recoveryDate: opt(d.recoveryDate),
      depthPct: d.depth * 100 + 0,
      lengthDays: d.lengthDays,
    })),
    rolling: t.rolling.map((w) => ({
      window: w.window,
      points: w.points.map((p) => ({
        date: p.date,
        sharpe: opt(p.sharpe),
        volatilityPct: pct(p.volatility),
        beta: opt(p.beta),
      })),
    })),
    risk: {
      beta: opt(risk.beta),
      correlation: opt(risk.correlation),
      trackingErrorPct: pct(risk.trackingError),
      informationRatio: opt(risk.informationRatio),
      valueAtRisk95Pct: pct(risk.valueAtRisk95),
      conditionalValueAtRisk95Pct: pct(risk.conditionalValueAtRisk95),
      tailRatio: opt(risk.tailRatio),
      omega: opt(risk.omega),
      ulcerIndexPct: pct(risk.ulcerIndex),
      skew: opt(risk.skew),
      kurtosis: opt(risk.kurtosis),
      winRatePct: pct(risk.winRate),
      probabilisticSharpe: opt(risk.probabilisticSharpe),
    },
    deflatedSharpe: {
      trials: ds.trials,
      trialsSharpeStd: opt(ds.trialsSharpeStd),
      expectedMaxSharpe: opt(ds.expectedMaxSharpe),
      deflatedSharpe: opt(ds.deflatedSharpe),
    },
    methodology: { ...m, asOf: opt(m.asOf) },
  });
}
