/**
 * What both ways to run hand the admin listener (admin/admin-app.ts): the owner pool, how this process writes a
 * fleet-health snapshot, and its own facts for the console's Service page (the product's version, readiness and
 * metrics registry).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Registry } from "prom-client";
import type { ServiceFacts } from "../../admin/console/pages/service-facts.js";
import { runChecks, type Check, type ReadinessReport } from "../../lib/observability/readiness.js";
import { REPO_ROOT } from "../cluster/repo-root.js";

let version: string | undefined;

/** The product's version, from package.json at the root (beside dist/ in the image). */
export function productVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  return version;
}

export function serviceFacts(options: {
  mode: string;
  readiness: { report(): Promise<ReadinessReport> };
  registry: Registry;
  startedAt?: number;
  /** Processes the page shows beside this one's readiness without making it depend on them (the cluster's governor). */
  alsoShown?: Record<string, Check>;
}): ServiceFacts {
  return {
    version: productVersion(),
    mode: options.mode,
    startedAt: options.startedAt ?? Date.now(),
    async readiness() {
      const [own, also] = await Promise.all([options.readiness.report(), runChecks(options.alsoShown ?? {})]);
      return { ready: own.ready, checks: { ...own.checks, ...also.checks } };
    },
    registry: options.registry,
  };
}
