/**
 * Load runs with autocannon against one target: a fixed number of connections for a fixed time, as fast as the
 * target answers (a steady rate is paced-load.ts). Latencies are collected from each response with sub-millisecond
 * resolution (autocannon's own histogram keeps whole milliseconds and only 2xx answers), so 304s are measured like
 * 200s. Several runs of one target (the rounds of a measurement) combine into one result.
 */
import autocannon from "autocannon";

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status every answer must have; any other is counted as unexpected. */
  status: number;
}

export interface LoadRun {
  requests: number;
  seconds: number;
  errors: number;
  unexpected: number;
  latencies: Float64Array;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers whose status was not the expected one (non-2xx, or non-304 for a conditional case). */
  unexpected: number;
  requests: number;
}

/** At most this many latencies are kept per run (16 MB); past it, the rest are counted but not kept. */
const MAX_SAMPLES = 2_000_000;

export async function runLoad(options: {
  url: string;
  request: LoadRequest;
  seconds: number;
  connections: number;
}): Promise<LoadRun> {
  const { request } = options;
  const latencies = new Float64Array(MAX_SAMPLES);
  let kept = 0;
  let unexpected = 0;
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const settings: autocannon.Options = {
      url: `${options.url}${request.path}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      connections: options.connections,
      duration: options.seconds,
      excludeErrorStats: false,
      timeout: 10,
    };
    instance = autocannon(settings, (err, result) => (err ? reject(err) : resolve(result)));
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== request.status) unexpected++;
    if (kept < MAX_SAMPLES) latencies[kept++] = responseTime;
  });
  const result = await done;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    errors: result.errors,
    unexpected,
    latencies: latencies.slice(0, kept),
  };
}

/** One result from the runs of one target: requests over their summed time, percentiles over every latency. */
export function combineRuns(runs: readonly LoadRun[]): LoadResult {
  const all = new Float64Array(runs.reduce((n, r) => n + r.latencies.length, 0));
  let at = 0;
  for (const r of runs) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  all.sort();
  const sum = (f: (r: LoadRun) => number) => runs.reduce((n, r) => n + f(r), 0);
  return {
    rps: sum((r) => r.requests) / sum((r) => r.seconds),
    p50: pick(all, 50),
    p99: pick(all, 99),
    errors: sum((r) => r.errors),
    unexpected: sum((r) => r.unexpected),
    requests: sum((r) => r.requests),
  };
}

function pick(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
