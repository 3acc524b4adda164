/**
 * Cluster mode for the HTTP benchmark: `npm run start:cluster` (scripts/start-cluster.ts) on the benchmark's
 * database, the gateway calling each service group's process over the Connect protocol (HTTP/2), with a NATS server (NATS_URL, or
 * `nats-server -js` from PATH) for the governor. Its memory and CPU are those of every process it lists (gateway,
 * service groups, governor), summed. When the entry point or NATS is missing, the mode is skipped and says why.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { startTestNats } from "../../test/helpers/nats-server.js";
import { startChild } from "./child-process.js";
import type { Target } from "./targets.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY = "scripts/start-cluster.ts";

/** Why the cluster cannot be benchmarked here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  const scripts =
    (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts?: Record<string, string> })
      .scripts ?? {};
  if (!scripts["start:cluster"] || !existsSync(path.join(ROOT, ENTRY)))
    return `no \`npm run start:cluster\` (${ENTRY}) in this checkout`;
  if (!process.env.NATS_URL && spawnSync("nats-server", ["--version"]).status !== 0)
    return "the cluster needs NATS: set NATS_URL or put nats-server on PATH";
  return undefined;
}

const profilerEnv = (dir: string) => ({
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ""} --import ${path.join(import.meta.dirname, "cpu-profiler.mjs")}`.trim(),
  BENCH_CPU_PROFILE_DIR: dir,
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the cluster on free loopback ports; stop() ends it, every process it started, and the NATS server. */
export async function startCluster(
  env: Record<string, string>,
  options: { cpuProfileDir?: string; cache?: boolean } = {},
): Promise<{ target: Target; key: string; names: Map<number, string> }> {
  const nats = await startTestNats();
  if (!nats.url) throw new Error(nats.skip ?? "no NATS server");
  try {
    const child = await startChild({
      name: "the cluster (npm run start:cluster)",
      entry: ENTRY,
      // NODE_OPTIONS reaches every process start:cluster spawns: each writes its own profile when it exits.
      env: {
        ...env,
        NATS_URL: nats.url,
        ...(options.cache === false ? { READ_CACHE_BYTES: "0" } : {}),
        ...(options.cpuProfileDir ? profilerEnv(options.cpuProfileDir) : {}),
      },
      ready:
        /\(cluster\) is up: (http:\/\/[^\s]+)[\s\S]*?Demo key[^\n]*?(sk_ins_[A-Za-z0-9_-]+)[\s\S]*?Ctrl-C stops them all/,
      timeoutMs: 240_000,
    });
    const listed = [...child.match[0].matchAll(/^\s+(\S+)\s+port .*pid (\d+)$/gm)];
    const pids = listed.map((m) => Number(m[2]));
    const gatewayInternal = child.match[0].match(/^\s+gateway\s+port \d+, internal (\d+)/m)?.[1];
    return {
      key: child.match[2]!,
      names: new Map(listed.map((m) => [Number(m[2]), m[1]!])),
      target: {
        name: "service",
        url: child.match[1]!,
        metricsUrl: gatewayInternal ? `http://127.0.0.1:${gatewayInternal}` : undefined,
        pids,
        output: () => child.output(),
        async stop() {
          await child.stop();
          // start:cluster stops its processes on SIGTERM; any it could not stop in time are ended here, by id.
          for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
          await nats.stop();
        },
      },
    };
  } catch (e) {
    await nats.stop();
    throw e;
  }
}
