/**
 * The servers one benchmark run measures, each a child process on a free loopback port: the all-in-one service
 * as `npm start` runs it, the hand-written fastify + pg baseline, and the bare node:http ceiling.
 */
import { freePort } from "../../lib/net/free-port.js";
import { startChild, type BenchChild } from "./child-process.js";

export interface Target {
  name: "service" | "service, cache off" | "hand-written" | "ceiling";
  url: string;
  /** The internal listener (/metrics) of the process that holds the read cache, when there is one. */
  metricsUrl?: string;
  /** Every process serving the target (the cluster has several); their peak RSS is summed. */
  pids: number[];
  /** What the target's processes wrote lately (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

/** What every service process of the bench runs with: quiet, no governor, no rate limit, ephemeral ports. */
export function serviceEnv(
  db: { ownerUrl: string; readerUrl: string },
  options: { rateLimit?: boolean } = {},
): Record<string, string> {
  return {
    DATABASE_URL: db.ownerUrl,
    DATABASE_READER_URL: db.readerUrl,
    HOST: "127.0.0.1",
    PORT: "0",
    METRICS_PORT: "0",
    LOG_LEVEL: "warn",
    GOVERNOR_ENABLED: "false",
    // The per-credential rate limiter must not throttle the benchmark's one key: off, or (--rate-limit) on with
    // limits no run reaches, to see what it costs.
    RATE_LIMIT_ENABLED: options.rateLimit ? "true" : "false",
    RATE_LIMIT_PER_MINUTE: "1000000",
    RATE_LIMIT_BURST: "1000000",
  };
}

const asTarget = (name: Target["name"], child: BenchChild, url: string): Target => ({
  name,
  url,
  pids: [child.pid],
  output: () => child.output(),
  stop: () => child.stop(),
});

/** The all-in-one service; `cache: false` runs it with the read cache off (READ_CACHE_BYTES=0). */
export async function startService(
  env: Record<string, string>,
  options: { cpuProfileDir?: string; cache: boolean },
): Promise<{ target: Target; key: string }> {
  const metricsPort = await freePort();
  const child = await startChild({
    name: `the all-in-one service (scripts/start.ts${options.cache ? "" : ", cache off"})`,
    entry: "scripts/start.ts",
    env: { ...env, METRICS_PORT: String(metricsPort), ...(options.cache ? {} : { READ_CACHE_BYTES: "0" }) },
    ready: /is up: (http:\/\/[^\s]+)[\s\S]*?Demo key[^\n]*?(sk_ins_[A-Za-z0-9_-]+)/,
    nodeArgs: options.cpuProfileDir ? ["--cpu-prof", "--cpu-prof-dir", options.cpuProfileDir] : [],
  });
  const target = asTarget(options.cache ? "service" : "service, cache off", child, child.match[1]!);
  return { target: { ...target, metricsUrl: `http://127.0.0.1:${metricsPort}` }, key: child.match[2]! };
}

export async function startHandWritten(readerUrl: string): Promise<Target> {
  const child = await startChild({
    name: "the hand-written baseline",
    entry: "bench/baselines/hand-written.ts",
    env: { DATABASE_URL: readerUrl },
    ready: /listening on (http:\/\/[^\s]+)/,
  });
  return asTarget("hand-written", child, child.match[1]!);
}

export async function startCeiling(responsesFile: string): Promise<Target> {
  const child = await startChild({
    name: "the node:http ceiling",
    entry: "bench/baselines/ceiling.ts",
    env: { CEILING_RESPONSES: responsesFile },
    ready: /listening on (http:\/\/[^\s]+)/,
  });
  return asTarget("ceiling", child, child.match[1]!);
}
