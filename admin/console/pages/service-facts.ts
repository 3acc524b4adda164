/**
 * What a process knows of itself for the Service page: its version and start, its readiness checks (in the cluster
 * the gateway's checks are each service group it calls, the database and the bus), and its Prometheus registry, from
 * which the page reads the read cache, refusals and the database pool, the same numbers /metrics serves.
 */
import type { Registry } from "prom-client";
import type { ReadinessReport } from "../../../lib/observability/readiness.js";

export interface ServiceFacts {
  /** The product's version (package.json). */
  version: string;
  /** How this process runs: all-in-one or the cluster's gateway. */
  mode: string;
  startedAt: number;
  readiness(): Promise<ReadinessReport>;
  registry: Registry;
}

export interface MetricValues {
  /** One metric's samples: labels and value. */
  (name: string): Array<{ labels: Record<string, string | number>; value: number }>;
}

export async function metricValues(registry: Registry): Promise<MetricValues> {
  const all = await registry.getMetricsAsJSON();
  const byName = new Map(all.map((m) => [m.name, m]));
  return (name) =>
    ((byName.get(name)?.values ?? []) as Array<{ labels: Record<string, string | number>; value: number }>).map(
      (v) => ({ labels: v.labels, value: v.value }),
    );
}
