/**
 * The deployment descriptions as data for the tests that hold them to the code: docker-compose.yml, every manifest
 * of deploy/k8s (multi-document YAML, parsed with the `yaml` package), and the variables lib/config/config.ts reads.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { REPO_ROOT } from "../../app/cluster/launcher.js";
import { SERVICE_PROCESSES, serviceUrlVariable } from "../../lib/config/cluster.js";

export const read = (relative: string) => readFileSync(path.join(REPO_ROOT, relative), "utf8");

export type Json = any;

export const compose: Json = parse(read("docker-compose.yml"), { merge: true });

export const k8s: Json[] = readdirSync(path.join(REPO_ROOT, "deploy/k8s"))
  .filter((f) => f.endsWith(".yaml"))
  .sort()
  .flatMap((f) => parseAllDocuments(read(`deploy/k8s/${f}`)).map((d) => ({ ...d.toJS(), file: f })))
  .filter((d) => d.kind);

export const ofKind = (kind: string) => k8s.filter((d) => d.kind === kind);
export const named = (kind: string, name: string) => k8s.find((d) => d.kind === kind && d.metadata.name === name);

/** Workloads (Deployments and Jobs) with their one container. */
export const workloads = () =>
  [...ofKind("Deployment"), ...ofKind("Job")].map((w) => ({
    workload: w,
    container: w.spec.template.spec.containers[0],
    labels: w.spec.template.metadata.labels,
  }));

/** Every environment variable lib/config/config.ts and its readers name (string literals in upper snake case). */
export function configVariables(): Set<string> {
  const sources = [
    "lib/config/config.ts",
    "lib/config/search.ts",
    "lib/config/auth.ts",
    "lib/config/access.ts",
    "lib/config/cluster.ts",
    "lib/config/usage.ts",
  ];
  const names = sources.flatMap((f) => [...read(f).matchAll(/"([A-Z][A-Z0-9_]{2,})"/g)].map((m) => m[1]!));
  return new Set([...names, ...SERVICE_PROCESSES.map(serviceUrlVariable)]);
}

/** Compose's `${NAME:-default}` resolved to its default, as a bare `docker compose up` would. */
export const withDefaults = (env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(env ?? {}).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1")]),
  );

/** Compose services built from this repository (the app image). */
export const appServices = () =>
  Object.entries(compose.services as Record<string, Json>).filter(
    ([, s]) => s.image === "institute-publishing:local" || s.build,
  );
