/**
 * The deflated Sharpe ratio of Bailey and López de Prado (2014): the leaderboard's top Sharpe is the best of N trials,
 * and the best of N skill-less trials is above zero by luck alone. The expected maximum of N such Sharpe ratios is
 *   SR0 = σ_SR ((1 - γ) Φ⁻¹(1 - 1/N) + γ Φ⁻¹(1 - 1/(N e))),  γ the Euler-Mascheroni constant,
 * with σ_SR the standard deviation (ddof 1) of the trials' per-period Sharpe ratios; the deflated Sharpe ratio is
 * the probabilistic Sharpe ratio against SR0 instead of 0.
 */
import { PERIODS_PER_YEAR } from "./metrics.js";
import { finiteOrNull, probabilisticSharpe } from "./risk-statistics.js";
import { normalQuantile, sampleStd } from "./stats.js";

const EULER_GAMMA = 0.5772156649015329;
const ROOT_YEAR = Math.sqrt(PERIODS_PER_YEAR);

export interface DeflatedSharpeValues {
  trials: number;
  /** Annualized. */
  trialsSharpeStd: number | null;
  /** Annualized: SR0 × √252. */
  expectedMaxSharpe: number | null;
  deflatedSharpe: number | null;
}

/** SR0, per period, from the trials' annualized Sharpe ratios; NaN under two trials. */
export function expectedMaxSharpe(annualizedSharpes: readonly number[]): number {
  const n = annualizedSharpes.length;
  if (n < 2) return Number.NaN;
  const sd = sampleStd(annualizedSharpes.map((s) => s / ROOT_YEAR));
  return sd * ((1 - EULER_GAMMA) * normalQuantile(1 - 1 / n) + EULER_GAMMA * normalQuantile(1 - 1 / (n * Math.E)));
}

/**
 * `trialSharpes`: the annualized Sharpe of every trial (persona portfolios with one). The target's per-period
 * Sharpe, its number of returns, skew and excess kurtosis are those of the tear sheet.
 */
export function deflatedSharpe(
  trialSharpes: readonly number[],
  target: { periodSharpe: number; nReturns: number; skew: number | null; kurtosis: number | null },
): DeflatedSharpeValues {
  const sr0 = expectedMaxSharpe(trialSharpes);
  const sd = trialSharpes.length >= 2 ? sampleStd(trialSharpes) : Number.NaN;
  const { skew, kurtosis } = target;
  return {
    trials: trialSharpes.length,
    trialsSharpeStd: finiteOrNull(sd),
    expectedMaxSharpe: finiteOrNull(sr0 * ROOT_YEAR),
    deflatedSharpe:
      skew === null || kurtosis === null || !Number.isFinite(sr0)
        ? null
        : probabilisticSharpe(target.periodSharpe, target.nReturns, skew, kurtosis, sr0),
  };
}
