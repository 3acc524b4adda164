/**
 * The servers one benchmark run measures, each a child process on a free loopback port: the all-in-one service
 * as `npm start` runs it, the hand-written fastify + pg baseline, and the bare node:http ceiling.
 */
import { freePort } from "../../lib/net/free-port.js";
import { startChild, type BenchChild } from "./child-process.js";

export interface Target {
  name: "service" | "service, cache off" | "service, tuned" | TwinName | "hand-written" | "ceiling";
  url: string;
  /** The internal listener (/metrics) of the process that holds the read cache, when there is one. */
  metricsUrl?: string;
  /** Every process serving the target (the cluster has several); their peak RSS is summed. */
  pids: number[];
  /** What the target's processes wrote lately (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * How a service runs in the bench. `defaults`, the headline: as a user runs it, LOG_LEVEL=info and the
 * per-credential rate limiter on, its limits raised out of reach so the bench's one key is never refused (every
 * lease is still taken from the database). `tuned`: the configuration earlier runs measured, LOG_LEVEL=warn and the
 * limiter off, shown as extra rows beside the headline.
 */
export type ServiceConfig = "defaults" | "tuned";

/** What every service process of the bench runs with: no governor, ephemeral ports, and the configuration's settings. */
export function serviceEnv(
  db: { ownerUrl: string; readerUrl: string },
  config: ServiceConfig = "defaults",
): Record<string, string> {
  return {
    DATABASE_URL: db.ownerUrl,
    DATABASE_READER_URL: db.readerUrl,
    HOST: "127.0.0.1",
    PORT: "0",
    METRICS_PORT: "0",
    GOVERNOR_ENABLED: "false",
    // Index snapshots only change how a start goes, and would land in the checkout's DATA_DIR: not saved here.
    INDEX_DIR: "off",
    ...(config === "defaults"
      ? { LOG_LEVEL: "info", RATE_LIMIT_ENABLED: "true", RATE_LIMIT_PER_MINUTE: "1000000", RATE_LIMIT_BURST: "1000000" }
      : { LOG_LEVEL: "warn", RATE_LIMIT_ENABLED: "false" }),
  };
}

const asTarget = (name: Target["name"], child: BenchChild, url: string): Target => ({
  name,
  url,
  pids: [child.pid],
  output: () => child.output(),
  stop: () => child.stop(),
});

/**
 * The all-in-one service; `cache: false` runs it with the read cache off (READ_CACHE_BYTES=0); `name` says which
 * of the bench's services it is (default: "service", or "service, cache off").
 */
export async function startService(
  env: Record<string, string>,
  options: { cpuProfileDir?: string; cache: boolean; name?: Target["name"] },
): Promise<{ target: Target; key: string }> {
  const metricsPort = await freePort();
  const name = options.name ?? (options.cache ? "service" : "service, cache off");
  const child = await startChild({
    name: `the all-in-one ${name} (scripts/start.ts)`,
    entry: "scripts/start.ts",
    env: { ...env, METRICS_PORT: String(metricsPort), ...(options.cache ? {} : { READ_CACHE_BYTES: "0" }) },
    ready: /is up: (http:\/\/[^\s]+)[\s\S]*?Demo key[^\n]*?(sk_ins_[A-Za-z0-9_-]+)/,
    nodeArgs: options.cpuProfileDir ? ["--cpu-prof", "--cpu-prof-dir", options.cpuProfileDir] : [],
  });
  const target = asTarget(name, child, child.match[1]!);
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  await readyOrThrow(metricsUrl, name, child);
  return { target: { ...target, metricsUrl }, key: child.match[2]! };
}

/** Waits for /readyz: the service listens before its search indexes are loaded, and is not ready until they are. */
async function readyOrThrow(metricsUrl: string, name: string, child: BenchChild, timeoutMs = 300_000) {
  const started = Date.now();
  let last = "";
  while (Date.now() - started < timeoutMs) {
    const res = await fetch(`${metricsUrl}/readyz`).catch((e: Error) => ({ ok: false, text: async () => e.message }));
    if (res.ok) return;
    last = await res.text();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${name} was not ready within ${timeoutMs / 1000} s (${last}):\n${child.output()}`);
}

/**
 * The processes serving three copies of the all-in-one, each copy a target, in the order the process prints their
 * addresses: the first is the one measured, the other two alike, its reference twice. They share the process, so
 * each one's CPU is the process's while it is measured.
 */
const TWINS = {
  /** --usage-cost (bench/http/usage-twins.ts): the first counts usage, the other two do not. */
  usage: { entry: "bench/http/usage-twins.ts", names: ["counting", "not counting", "not counting, again"] },
  /** --against DIR (bench/http/version-twins.ts): this tree's code, then DIR's twice. */
  version: { entry: "bench/http/version-twins.ts", names: ["this tree", "the other tree", "the other tree, again"] },
} as const;
type TwinName = (typeof TWINS)[keyof typeof TWINS]["names"][number];

export async function startTwins(
  kind: keyof typeof TWINS,
  env: Record<string, string>,
  options: { cache: boolean },
): Promise<{ targets: Target[]; key: string }> {
  const { entry, names } = TWINS[kind];
  const child = await startChild({
    name: `the ${kind} twins (${entry})`,
    entry,
    env: { ...env, ...(options.cache ? {} : { READ_CACHE_BYTES: "0" }) },
    ready: new RegExp(`${kind} twins are up: (\\S+) (\\S+) (\\S+) key (sk_ins_[A-Za-z0-9_-]+)`),
    timeoutMs: 300_000,
  });
  return { targets: names.map((name, i) => asTarget(name, child, child.match[i + 1]!)), key: child.match[4]! };
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
