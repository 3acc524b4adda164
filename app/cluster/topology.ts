/**
 * The cluster topology in one place: every process, the entry point it runs, and what it needs from the environment.
 * npm run start:cluster and the end-to-end test launch it from here; the compose file and the Kubernetes manifests
 * describe the same processes, and test/deploy/manifests.test.ts checks them against this list and lib/config/config.ts.
 */
import { serviceUrlVariable, type ServiceProcess } from "../../lib/config/cluster.js";
import { SERVICE_GROUPS, type ServiceGroup } from "../../services/groups.js";

export type ProcessName = ServiceGroup | "governor" | "gateway";

/**
 * How each process is started, relative to the repository root: `node <NODE_FLAGS> <entry…>`, the entry being
 * compiled JavaScript in dist/ (`npm run build`, app/cluster/build.ts; the launcher and the image build it).
 */
export const ENTRY_POINTS: Record<ProcessName | "migrate", readonly string[]> = {
  catalog: ["dist/app/service-group.js", "catalog"],
  reports: ["dist/app/service-group.js", "reports"],
  portfolio: ["dist/app/service-group.js", "portfolio"],
  search: ["dist/app/service-group.js", "search"],
  factcard: ["dist/app/service-group.js", "factcard"],
  governor: ["dist/app/governor.js"],
  gateway: ["dist/app/gateway.js"],
  migrate: ["dist/scripts/db.js", "migrate"],
};

/** Stack traces name the TypeScript files and lines (the build writes a source map beside each module). */
export const NODE_FLAGS = ["--enable-source-maps"] as const;

/**
 * Node flags of one process, after NODE_FLAGS. The gateway's old generation may grow to 1.5 times what survived its last
 * full collection before the next one, instead of V8's up to 4 times: about 31 MiB of its heap is live, the rest of its
 * peak under load was garbage waiting (peak RSS 199-225 -> 154-156 MiB at the same CPU per request, docs/benchmark.md).
 */
export const PROCESS_FLAGS: Partial<Record<ProcessName | "migrate", readonly string[]>> = {
  gateway: ["--heap-growing-percent=50"],
};

/** What follows `node <NODE_FLAGS>` for a process (compose's command, Kubernetes' args): its flags, then its entry. */
export function commandOf(name: ProcessName | "migrate"): string[] {
  return [...(PROCESS_FLAGS[name] ?? []), ...ENTRY_POINTS[name]];
}

/** The entry point of such a command: its first argument that is not a flag. */
export function entryOf(command: readonly string[]): string {
  const entry = command.find((part) => !part.startsWith("-"));
  if (!entry) throw new Error(`no entry point in ${command.join(" ")}`);
  return entry;
}

/** The TypeScript source a compiled entry point is built from (`dist/app/gateway.js` → `app/gateway.ts`). */
export function sourceOf(entry: string): string {
  if (!entry.startsWith("dist/") || !entry.endsWith(".js")) throw new Error(`${entry} is not a compiled entry point`);
  return `${entry.slice("dist/".length, -".js".length)}.ts`;
}

/** Start order: services and the governor first (in parallel), the gateway once they are ready. */
export const BACKENDS: readonly ProcessName[] = [...SERVICE_GROUPS, "governor"];

/** Which database role each process connects with (services read only; see docs/deployment.md). */
export const DATABASE_ROLES: Record<ProcessName | "migrate", readonly ("DATABASE_URL" | "DATABASE_READER_URL")[]> = {
  catalog: ["DATABASE_READER_URL"],
  reports: ["DATABASE_READER_URL"],
  portfolio: ["DATABASE_READER_URL"],
  search: ["DATABASE_READER_URL"],
  factcard: ["DATABASE_READER_URL"],
  governor: ["DATABASE_URL"],
  gateway: ["DATABASE_URL", "DATABASE_READER_URL"],
  migrate: ["DATABASE_URL", "DATABASE_READER_URL"],
};

/** How a process's readiness is probed: grpc.health.v1 on PORT (services), or HTTP /readyz on METRICS_PORT. */
export const PROBES: Record<ProcessName, "grpc" | "http"> = {
  catalog: "grpc",
  reports: "grpc",
  portfolio: "grpc",
  search: "grpc",
  factcard: "grpc",
  governor: "http",
  gateway: "http",
};

/** The variables the gateway needs to reach its backends, by process. */
export const GATEWAY_SERVICE_URLS: Record<ServiceProcess, string> = Object.fromEntries(
  ([...SERVICE_GROUPS, "governor"] as ServiceProcess[]).map((p) => [p, serviceUrlVariable(p)]),
) as Record<ServiceProcess, string>;
