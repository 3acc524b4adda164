/**
 * One case against several targets: a warm-up run of each, then the measured time split into rounds that take the
 * targets in turn (service, hand-written, ceiling, service, ...), so background load on a shared machine weighs on
 * every target alike and the ratios stay fair; with `everyOrder`, the rounds take them in every order in turn.
 * Each target's peak RSS and CPU time are watched while it is measured.
 */
import { monotonicMicros } from "../profile-summary.js";
import type { BenchCase } from "./cases.js";
import { combineRuns, runLoad, type LoadResult, type LoadRun } from "./load.js";
import { runPacedOnThread } from "./paced-thread.js";
import { watchProcess } from "./process-watch.js";
import type { Target } from "./targets.js";
import { warmUp } from "./warm-up.js";

/** A target whose rate still climbs after this long is measured anyway. */
const WARMUP_LIMIT_SECONDS = 30;

export interface Measurement extends LoadResult {
  /** Sum over the target's processes of each one's peak resident set during its measured runs, MiB. */
  peakRssMib: number | undefined;
  /** Each process's own peak resident set during the measured runs, MiB, in the order of the target's pids. */
  processPeaksMib: Array<number | undefined>;
  /** CPU time (user + system, every process of the target) per answered request, microseconds. */
  cpuUsPerRequest: number | undefined;
  /** When the measured runs ran, on the clock of CPU profiles (microseconds), to cut a profile to them. */
  windows: Array<[number, number]>;
  /** Seconds of warm-up before the measured runs: until the rate stopped climbing (warm-up.ts). */
  warmupSeconds: number;
  /** Each round's own req/s and CPU per request, in round order (for ratios taken round by round). */
  rounds: Array<{ rps: number; cpuUsPerRequest: number | undefined }>;
}

export interface MeasureOptions {
  /** The least warm-up, seconds: past it, the rate must have stopped climbing (warm-up.ts); at a steady rate, exactly this. */
  warmup: number;
  duration: number;
  connections: number;
  rounds: number;
  /** Requests per second, due at even intervals (paced-load.ts, on a thread of its own); unset: as fast as the target answers. */
  overallRate?: number;
  /**
   * Take the targets in every order in turn (for three: A B C, A C B, B A C, ...), so each one is in each place
   * equally often: reversing every other round left the middle one of three always in the middle.
   */
  everyOrder?: boolean;
}

export async function measureCase(
  targets: readonly Target[],
  c: BenchCase,
  key: string,
  options: MeasureOptions,
): Promise<Measurement[]> {
  const request = { ...c.request, headers: { ...c.request.headers, "x-api-key": key } };
  const { connections, overallRate } = options;
  const load = (t: Target, seconds: number) =>
    overallRate
      ? runPacedOnThread({ url: t.url, request, connections, seconds, rate: overallRate })
      : runLoad({ url: t.url, request, connections, seconds });
  const warm = async (t: Target): Promise<number> => {
    if (!overallRate)
      return warmUp((slice) => load(t, slice), { minSeconds: options.warmup, maxSeconds: WARMUP_LIMIT_SECONDS });
    // At a steady rate, a fixed warm-up at that rate: no level to find, the runs at full speed having come first.
    if (options.warmup > 0) await load(t, options.warmup);
    return options.warmup;
  };
  const warmed: number[] = [];
  for (const t of targets) warmed.push(await warm(t));
  const runs = targets.map(() => [] as LoadRun[]);
  const peaks = targets.map(() => [] as Array<number | undefined>);
  const processPeaks = targets.map((t) => t.pids.map(() => undefined as number | undefined));
  const cpu = targets.map(() => [] as Array<number | undefined>);
  const windows = targets.map(() => [] as Array<[number, number]>);
  const slice = options.duration / options.rounds;
  const orders = options.everyOrder ? orderings([...targets.keys()]) : [[...targets.keys()]];
  for (let round = 0; round < options.rounds; round++) {
    for (const i of orders[round % orders.length]!) {
      const t = targets[i]!;
      const watches = t.pids.map(watchProcess);
      const from = monotonicMicros();
      runs[i]!.push(await load(t, slice));
      windows[i]!.push([from, monotonicMicros()]);
      const used = watches.map((w) => w.stop());
      peaks[i]!.push(sumOf(used.map((u) => u.peakRssMib)));
      processPeaks[i] = processPeaks[i]!.map((p, j) => maxOf(p, used[j]!.peakRssMib));
      cpu[i]!.push(sumOf(used.map((u) => u.cpuSeconds)));
    }
  }
  return targets.map((_, i) => {
    const known = peaks[i]!.filter((p): p is number => p !== undefined);
    const result = combineRuns(runs[i]!);
    const seconds = sumOf(cpu[i]!);
    return {
      ...result,
      peakRssMib: known.length ? Math.max(...known) : undefined,
      processPeaksMib: processPeaks[i]!,
      cpuUsPerRequest: seconds === undefined || result.requests === 0 ? undefined : (seconds / result.requests) * 1e6,
      windows: windows[i]!,
      warmupSeconds: warmed[i]!,
      rounds: runs[i]!.map((run, r) => ({
        rps: run.requests / run.seconds,
        cpuUsPerRequest:
          cpu[i]![r] === undefined || run.requests === 0 ? undefined : (cpu[i]![r]! / run.requests) * 1e6,
      })),
    };
  });
}

/** The sum, or undefined when any term is unknown. */
function sumOf(values: Array<number | undefined>): number | undefined {
  return values.every((v) => v !== undefined) ? values.reduce((a, b) => a! + b!, 0) : undefined;
}

const maxOf = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/** Every ordering of the items (n! of them), each item first in as many as any other. */
export function orderings<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((first, i) =>
    orderings([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]),
  );
}
