/**
 * The p99 at half the service's measured rate: the service, then the ceiling at the same steady rate (what the
 * machine and the load generator add by themselves), each warmed at that rate for --warmup seconds right before its
 * own measured run. Not warmed all first, nor only by the runs at full speed: the service sits idle while the other
 * targets are measured, and after a pause its first tenth of a second under the paced load answers late (10 to 45 ms
 * at 750/s after 15 s), some 75 requests, more than the 1 % of an 8 s run that its p99 is (docs/benchmark.md, "The
 * p99 at half rate after a pause").
 */
import type { BenchCase } from "./cases.js";
import { measureCase, type MeasureOptions, type Measurement } from "./measure.js";
import type { Target } from "./targets.js";

export interface HalfRate extends Measurement {
  /** The steady rate, requests a second. */
  rate: number;
  /** The ceiling's p99 at that rate, ms. */
  ceilingP99: number;
}

export async function measureHalfRate(
  targets: { service: Target; ceiling: Target },
  c: BenchCase,
  key: string,
  timing: Pick<MeasureOptions, "warmup" | "duration" | "connections">,
  rate: number,
): Promise<HalfRate> {
  const paced = { ...timing, rounds: 1, overallRate: rate };
  const [service] = await measureCase([targets.service], c, key, paced);
  const [ceiling] = await measureCase([targets.ceiling], c, key, paced);
  return { ...service!, rate, ceilingP99: ceiling!.p99 };
}
