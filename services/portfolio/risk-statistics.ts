/**
 * Risk statistics of the daily returns, each with the reference formula named beside it (empyrical or
 * quantstats), a risk-free rate of 0 and 252 periods a year. A value the series cannot define (too few returns,
 * no deviation, no benchmark pair) is null, never NaN or Infinity.
 */
import type { ReturnPair } from "./daily-series.js";
import { PERIODS_PER_YEAR, ZERO_DEVIATION } from "./metrics.js";
import { excessKurtosis, mean, normalCdf, percentile, sampleStd, skewness } from "./stats.js";

export interface RiskValues {
  beta: number | null;
  correlation: number | null;
  /** Fractions: the route multiplies them by 100. */
  trackingError: number | null;
  informationRatio: number | null;
  valueAtRisk95: number | null;
  conditionalValueAtRisk95: number | null;
  tailRatio: number | null;
  omega: number | null;
  ulcerIndex: number | null;
  skew: number | null;
  kurtosis: number | null;
  winRate: number | null;
  probabilisticSharpe: number | null;
}

const ROOT_YEAR = Math.sqrt(PERIODS_PER_YEAR);
export const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x + 0 : null);
const deviates = (sd: number) => Number.isFinite(sd) && sd > ZERO_DEVIATION;

/** Portfolio and benchmark returns over the pairs where both exist. */
export function completePairs(pairs: readonly ReturnPair[]): { p: number[]; b: number[] } {
  const complete = pairs.filter((x) => x.benchmarkRet !== null);
  return { p: complete.map((x) => x.ret), b: complete.map((x) => x.benchmarkRet!) };
}

/** empyrical.beta: cov(p, b) / var(b) over complete pairs (population moments; the ratio is the same at ddof 1). */
export function beta(p: readonly number[], b: readonly number[]): number | null {
  if (p.length < 2 || !deviates(sampleStd(b))) return null;
  const mb = mean(b);
  const mp = mean(p);
  let cov = 0;
  let varB = 0;
  for (let i = 0; i < p.length; i++) {
    cov += (b[i]! - mb) * (p[i]! - mp);
    varB += (b[i]! - mb) ** 2;
  }
  return finiteOrNull(cov / varB);
}

/** Pearson correlation of complete pairs. */
function correlation(p: readonly number[], b: readonly number[]): number | null {
  if (p.length < 2 || !deviates(sampleStd(p)) || !deviates(sampleStd(b))) return null;
  const mp = mean(p);
  const mb = mean(b);
  let cov = 0;
  let vp = 0;
  let vb = 0;
  for (let i = 0; i < p.length; i++) {
    cov += (p[i]! - mp) * (b[i]! - mb);
    vp += (p[i]! - mp) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return finiteOrNull(cov / Math.sqrt(vp * vb));
}

/** Per-period Sharpe (mean over sample deviation), or NaN without deviation. */
export const periodSharpe = (returns: readonly number[]) => {
  const sd = sampleStd(returns);
  return deviates(sd) ? mean(returns) / sd : Number.NaN;
};

/**
 * Bailey and López de Prado's probabilistic Sharpe ratio: Φ((SR - SR*) √(n-1) / √(1 - γ3 SR + (γ4 - 1)/4 SR²)) with
 * SR the per-period Sharpe over n returns, γ3 the skew and γ4 the (non-excess) kurtosis, here pandas' skew and
 * excess kurtosis + 3. (quantstats writes the same with excess kurtosis - 3 in place of γ4 - 1; that double
 * subtraction is a known slip, not followed.)
 */
export function probabilisticSharpe(
  sr: number,
  n: number,
  skew: number,
  excessKurt: number,
  threshold = 0,
): number | null {
  if (![sr, skew, excessKurt, threshold].every(Number.isFinite) || n < 2) return null;
  const radicand = 1 - skew * sr + ((excessKurt + 2) / 4) * sr * sr;
  if (!(radicand > 0)) return null;
  return finiteOrNull(normalCdf(((sr - threshold) * Math.sqrt(n - 1)) / Math.sqrt(radicand)));
}

export function riskStatistics(
  returns: readonly number[],
  pairs: readonly ReturnPair[],
  drawdowns: readonly number[],
): RiskValues {
  const n = returns.length;
  const { p, b } = completePairs(pairs);
  const active = p.map((x, i) => x - b[i]!);
  const activeSd = sampleStd(active);
  const skew = finiteOrNull(skewness(returns, ZERO_DEVIATION));
  const kurtosis = finiteOrNull(excessKurtosis(returns, ZERO_DEVIATION));
  const sorted = [...returns].sort((x, y) => x - y);
  // empyrical.conditional_value_at_risk: the mean of the lowest int((n - 1) * 0.05) + 1 returns.
  const tail = sorted.slice(0, Math.floor((n - 1) * 0.05) + 1);
  const p5 = percentile(returns, 5);
  const p95 = percentile(returns, 95);
  const gains = returns.reduce((s, r) => s + Math.max(r, 0), 0);
  const losses = -returns.reduce((s, r) => s + Math.min(r, 0), 0);
  const nonZero = returns.filter((r) => r !== 0).length;
  return {
    beta: beta(p, b),
    correlation: correlation(p, b),
    // Annualized: empyrical's excess_sharpe and quantstats' information_ratio are per period; both are × √252 here.
    trackingError: active.length >= 2 ? finiteOrNull(activeSd * ROOT_YEAR) : null,
    informationRatio:
      active.length >= 2 && deviates(activeSd) ? finiteOrNull((mean(active) / activeSd) * ROOT_YEAR) : null,
    // empyrical.value_at_risk: the 5th percentile of the daily returns.
    valueAtRisk95: n >= 1 ? finiteOrNull(p5) : null,
    conditionalValueAtRisk95: n >= 1 ? finiteOrNull(mean(tail)) : null,
    // empyrical.tail_ratio: |95th percentile| / |5th percentile|.
    tailRatio: n >= 1 && p5 !== 0 ? finiteOrNull(Math.abs(p95) / Math.abs(p5)) : null,
    // empyrical.omega_ratio at a required return of 0: the sum of gains over the sum of losses.
    omega: n >= 2 && losses > 0 ? finiteOrNull(gains / losses) : null,
    // quantstats.ulcer_index: √(Σ drawdown² / (n - 1)) over the drawdowns at each return's date.
    ulcerIndex: n >= 2 ? finiteOrNull(Math.sqrt(drawdowns.reduce((s, d) => s + d * d, 0) / (n - 1))) : null,
    skew,
    kurtosis,
    // quantstats.win_rate: positive days over non-zero days (null, not 0, when no day moved).
    winRate: nonZero > 0 ? returns.filter((r) => r > 0).length / nonZero : null,
    probabilisticSharpe:
      skew === null || kurtosis === null ? null : probabilisticSharpe(periodSharpe(returns), n, skew, kurtosis),
  };
}
