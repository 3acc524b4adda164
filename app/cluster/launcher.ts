/**
 * Launches the cluster topology on this machine as separate processes, each on free loopback ports and each running
 * compiled JavaScript (`node --enable-source-maps dist/…`, built first: app/cluster/build.ts): the service groups and the governor first, the gateway once they are ready (its /readyz then
 * vouches for all of them), as one replica or several over the same backends, database and bus. stop() sends SIGTERM
 * to the gateways first, then the rest, and waits for each to exit (SIGKILL after a bound). Used by npm run
 * start:cluster and the end-to-end tests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { serviceUrlVariable, type ServiceProcess } from "../../lib/config/cluster.js";
import { freePort } from "../../lib/net/free-port.js";
import { buildDist } from "./build.js";
import { REPO_ROOT } from "./repo-root.js";
import { BACKENDS, commandOf, NODE_FLAGS, type ProcessName } from "./topology.js";

export { REPO_ROOT };

export interface LaunchOptions {
  /** Environment shared by every process (DATABASE_URL, DATABASE_READER_URL, NATS_URL, RELAY_SIGNING_SECRET, …). */
  env: Record<string, string | undefined>;
  /** The first gateway replica's public port (0 or unset: a free one); the others always get free ones. */
  gatewayPort?: number;
  /** How many gateway replicas to run (default 1), each a process with its own ports and read cache. */
  gatewayReplicas?: number;
  /** Environment of one gateway replica (0, 1, …) over `env`: what must differ between replicas, such as ADMIN_PORT. */
  gatewayEnv?: (replica: number) => Record<string, string>;
  /** Each line a process writes (JSON logs on stdout, banners and errors on stderr). */
  onLine?: (process: ProcessName, line: string) => void;
  /** How long each process may take to become ready. */
  readyTimeoutMs?: number;
  /** False when the caller has just built dist/ itself (default: build before starting). */
  build?: boolean;
}

export interface LaunchedProcess {
  name: ProcessName;
  /** Which replica of its process this is (0 but for the second gateway and on). */
  replica: number;
  child: ChildProcess;
  port: number;
  metricsPort: number;
  /** Its last lines of output, for the error when it exits while starting. */
  tail: string[];
}

const TAIL_LINES = 15;

export interface Cluster {
  /** The first gateway replica's public address. */
  gatewayUrl: string;
  /** Every gateway replica's public address, the first one first. */
  gatewayUrls: string[];
  processes: LaunchedProcess[];
  /** SIGTERM to every process (gateways first); resolves with each one's exit code (`gateway`, `gateway-2`, …). */
  stop(): Promise<Record<string, number | null>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function spawnProcess(
  name: ProcessName,
  env: Record<string, string | undefined>,
  onLine: LaunchOptions["onLine"],
): ChildProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS, ...commandOf(name)], {
    cwd: REPO_ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop()!;
      for (const line of lines) if (line) onLine?.(name, line);
    });
  }
  return child;
}

async function waitReady(p: LaunchedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null)
      throw new Error(
        `${p.name} exited with code ${p.child.exitCode} while starting; its last lines:\n${p.tail.join("\n")}`,
      );
    try {
      const res = await fetch(`http://127.0.0.1:${p.metricsPort}/readyz`, { signal: AbortSignal.timeout(3_000) });
      if (res.ok) return;
      last = await res.text();
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(150);
  }
  throw new Error(`${p.name} was not ready within ${timeoutMs} ms (${last})`);
}

async function stopProcess(p: LaunchedProcess, killAfterMs: number): Promise<number | null> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return p.child.exitCode;
  const exited = new Promise<number | null>((resolve) => p.child.once("exit", (code) => resolve(code)));
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => p.child.kill("SIGKILL"), killAfterMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

export async function launchCluster(options: LaunchOptions): Promise<Cluster> {
  const host = "127.0.0.1";
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  // Every launch: a build that finds nothing changed writes nothing and takes well under a second, and a stale
  // dist/ can never run in place of the sources.
  if (options.build !== false) await buildDist(REPO_ROOT);
  const launched: LaunchedProcess[] = [];
  const start = async (name: ProcessName, env: Record<string, string | undefined>, port?: number, replica = 0) => {
    const p = {
      name,
      replica,
      port: port || (await freePort()),
      metricsPort: await freePort(),
      tail: [],
    } as unknown as LaunchedProcess;
    p.child = spawnProcess(
      name,
      { ...options.env, ...env, HOST: host, PORT: String(p.port), METRICS_PORT: String(p.metricsPort) },
      (process, line) => {
        if (p.tail.push(line) > TAIL_LINES) p.tail.shift();
        options.onLine?.(process, line);
      },
    );
    launched.push(p);
    return p;
  };
  const stop = async () => {
    const codes: Record<string, number | null> = {};
    const gateways = launched.filter((p) => p.name === "gateway");
    await Promise.all(
      gateways.map(
        async (p) => (codes[p.replica ? `gateway-${p.replica + 1}` : "gateway"] = await stopProcess(p, 20_000)),
      ),
    );
    const rest = launched.filter((p) => p.name !== "gateway");
    await Promise.all(rest.map(async (p) => (codes[p.name] = await stopProcess(p, 20_000))));
    return codes;
  };
  try {
    const gatewayPort = options.gatewayPort || (await freePort());
    const callbackUrl = options.env.CALLBACK_URL || `http://${host}:${gatewayPort}/relay/callback`;
    const backends = await Promise.all(BACKENDS.map((name) => start(name, { CALLBACK_URL: callbackUrl })));
    await Promise.all(backends.map((p) => waitReady(p, readyTimeoutMs)));
    const urls = Object.fromEntries(
      backends.map((p) => [serviceUrlVariable(p.name as ServiceProcess), `http://${host}:${p.port}`]),
    );
    const replicas = Array.from({ length: options.gatewayReplicas ?? 1 }, (_, i) => i);
    const gateways = await Promise.all(
      replicas.map((i) =>
        start(
          "gateway",
          { ...urls, CALLBACK_URL: callbackUrl, ...options.gatewayEnv?.(i) },
          i === 0 ? gatewayPort : undefined,
          i,
        ),
      ),
    );
    await Promise.all(gateways.map((p) => waitReady(p, readyTimeoutMs)));
    const gatewayUrls = gateways.map((p) => `http://${host}:${p.port}`);
    return { gatewayUrl: gatewayUrls[0]!, gatewayUrls, processes: launched, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
