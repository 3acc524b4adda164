/**
 * The descriptive statistics the tear sheet is built from, with the conventions of numpy and pandas that empyrical
 * and quantstats inherit: sample deviation (ddof 1), percentiles by linear interpolation, bias-corrected skew and
 * excess kurtosis (pandas' Series.skew and Series.kurt), and the standard normal distribution. Pure, no I/O.
 */

export const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Sample standard deviation (ddof 1); NaN for fewer than two values. */
export function sampleStd(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** numpy.percentile(xs, q) with its default linear interpolation; NaN for no values. */
export function percentile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = (q / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Central moments m2, m3, m4 (population, divided by n). */
function centralMoments(xs: readonly number[]): [number, number, number] {
  const m = mean(xs);
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d = x - m;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  return [m2 / xs.length, m3 / xs.length, m4 / xs.length];
}

/** pandas Series.skew(): the adjusted Fisher-Pearson coefficient G1; NaN under three values or with no variance. */
export function skewness(xs: readonly number[], zeroVariance: number): number {
  const n = xs.length;
  if (n < 3) return Number.NaN;
  const [m2, m3] = centralMoments(xs);
  if (Math.sqrt(m2) <= zeroVariance) return Number.NaN;
  return (Math.sqrt(n * (n - 1)) / (n - 2)) * (m3 / m2 ** 1.5);
}

/** pandas Series.kurt(): bias-corrected excess kurtosis G2; NaN under four values or with no variance. */
export function excessKurtosis(xs: readonly number[], zeroVariance: number): number {
  const n = xs.length;
  if (n < 4) return Number.NaN;
  const [m2, , m4] = centralMoments(xs);
  if (Math.sqrt(m2) <= zeroVariance) return Number.NaN;
  return ((n - 1) / ((n - 2) * (n - 3))) * ((n + 1) * (m4 / (m2 * m2)) - 3 * (n - 1));
}

/** erfc(z) for z >= 0, to about 1e-15: a positive-term series of erf below 3, a continued fraction above. */
function erfcNonNegative(z: number): number {
  if (z < 3) {
    // erf(z) = 2/sqrt(pi) e^{-z^2} sum_n (2z^2)^n z / (1*3*...*(2n+1)): every term positive, no cancellation.
    let term = z;
    let sum = z;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n++) {
      term *= (2 * z * z) / (2 * n + 1);
      sum += term;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-z * z) * sum;
  }
  // erfc(z) = e^{-z^2}/sqrt(pi) * 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + ...)))), evaluated by the modified Lentz method.
  const tiny = 1e-300;
  let f = z;
  let c = z;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = z + a * d;
    d = d === 0 ? tiny : 1 / d;
    c = z + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-z * z) / Math.sqrt(Math.PI) / f;
}

/** The standard normal distribution function Φ(x). */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x) / Math.SQRT2;
  const tail = 0.5 * erfcNonNegative(z);
  return x < 0 ? tail : 1 - tail;
}

const normalDensity = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);

/** Φ⁻¹(p) for 0 < p < 1: Abramowitz and Stegun 26.2.23 as a start, then Newton steps on Φ to full precision. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return Number.NaN;
  const q = p < 0.5 ? p : 1 - p;
  const t = Math.sqrt(-2 * Math.log(q));
  const start =
    t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  let x = p < 0.5 ? -start : start;
  for (let i = 0; i < 50; i++) {
    const step = (normalCdf(x) - p) / normalDensity(x);
    x -= step;
    if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}
