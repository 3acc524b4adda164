/**
 * Options of the HTTP benchmark (`npm run bench -- http [options]`):
 *   --duration S      measured seconds per case and target (default 8)
 *   --warmup S        the least warm-up before each measurement, seconds (default 2): it goes on until the rate
 *                     stops climbing (bench/http/warm-up.ts), at most 30 s; at half rate exactly this, at that rate,
 *                     right before each target's measured run (bench/http/half-rate.ts)
 *   --rounds N        the measured time is split into N rounds taking the targets in turn (default 2)
 *   --connections N   concurrent connections (default 10)
 *   --scale N --seed N --as-of YYYY-MM-DD   the demo dataset (default 10, 1, 2026-11-21)
 *   --cases a,b       only these cases (ids: analysts, threads, leaderboard, daily, daily-304, search, mcp)
 *   --modes a,b       all-in-one and/or cluster (default both)
 *   --profile         profile the service's CPU (the all-in-one under --cpu-prof, each cluster process through the
 *                     inspector); the top frames of each case's measured runs are printed and kept in the JSON
 *   --no-tuned        skip the extra rows: by default the all-in-one is also measured in the configuration of earlier
 *                     runs (rate limiter off, LOG_LEVEL=warn) beside the headline's defaults (limiter on, info)
 *   --no-cache        run the service with its read cache off (READ_CACHE_BYTES=0) and measure only that; by default
 *                     the all-in-one is measured with the cache on and, in the same rounds, a second one with it off
 *   --usage-cost      also measure what counting usage costs: one process serving one all-in-one on three ports,
 *                     counted through the first only (bench/http/usage-twins.ts), each case's req/s and CPU per request
 *                     with it on over off, and the two ports that do not count over each other (A/A: the noise left)
 *   --usage-rounds N  rounds the --usage-cost and --against copies are measured in (default 18, a multiple of 6: they
 *                     take the three copies in each of their 6 orders in turn)
 *   --against DIR     also measure this checkout beside another one (say, an earlier commit's `git worktree`, sharing
 *                     this one's node_modules and database schema): one process serving the all-in-one three times,
 *                     once from this tree and twice from DIR (bench/http/version-twins.ts), each case's req/s and CPU
 *                     per request here over there, and DIR's two copies over each other (A/A)
 */
export interface HttpBenchOptions {
  duration: number;
  warmup: number;
  rounds: number;
  connections: number;
  scale: number;
  seed: number;
  asOf: string;
  cases: string[] | undefined;
  modes: Array<"all-in-one" | "cluster">;
  profile: boolean;
  /** The extra rows: the all-in-one in the tuned configuration (rate limiter off, LOG_LEVEL=warn); false with --no-tuned. */
  tuned: boolean;
  /** False with --no-cache: the service runs without its read cache. */
  cache: boolean;
  /** --usage-cost: the all-in-one also runs with usage counting off, for the cost of counting. */
  usageCost: boolean;
  /** --usage-rounds: the copies of --usage-cost are measured in this many rounds of their own. */
  usageRounds: number;
  /** --against: the other checkout measured beside this one, in one process. */
  against: string | undefined;
}

function value(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
}

function positive(argv: string[], name: string, fallback: number, max: number): number {
  const raw = value(argv, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new Error(`--${name} needs a number above 0 and at most ${max}`);
  return n;
}

export function parseHttpBenchOptions(argv: string[]): HttpBenchOptions {
  if (argv.includes("--rate-limit"))
    throw new Error("--rate-limit: the rate limiter is on in every run now (the default); the extra rows show it off");
  const asOf = value(argv, "as-of") ?? "2026-11-21";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error("--as-of needs a date YYYY-MM-DD");
  const modes = (value(argv, "modes") ?? "all-in-one,cluster").split(",");
  for (const m of modes) if (m !== "all-in-one" && m !== "cluster") throw new Error(`--modes: unknown mode ${m}`);
  return {
    duration: positive(argv, "duration", 8, 600),
    warmup: positive(argv, "warmup", 2, 600),
    rounds: Math.round(positive(argv, "rounds", 2, 100)),
    connections: Math.round(positive(argv, "connections", 10, 1000)),
    scale: positive(argv, "scale", 10, 200),
    seed: Math.round(positive(argv, "seed", 1, Number.MAX_SAFE_INTEGER)),
    asOf,
    cases: value(argv, "cases")?.split(","),
    modes: modes as HttpBenchOptions["modes"],
    profile: argv.includes("--profile"),
    tuned: !argv.includes("--no-tuned"),
    cache: !argv.includes("--no-cache"),
    usageCost: argv.includes("--usage-cost"),
    usageRounds: 6 * Math.ceil(positive(argv, "usage-rounds", 18, 400) / 6),
    against: value(argv, "against"),
  };
}
