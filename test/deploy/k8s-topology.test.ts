/**
 * The Kubernetes manifests agree with the topology (app/cluster/topology.ts) beyond what manifests.test.ts checks:
 * each Deployment has exactly one PodDisruptionBudget, selecting its pods and never blocking a drain; every container
 * requests no more than its limits; the NetworkPolicies admit every connection the topology makes (the public port of
 * the gateway, the gateway to each backend it has a <NAME>_SERVICE_URL for, monitoring to every internal port) and
 * open no other port (never the admin listener's); Services expose the public or Connect port alone.
 */
import { describe, expect, it } from "vitest";
import { GATEWAY_SERVICE_URLS, commandOf, ENTRY_POINTS, type ProcessName } from "../../app/cluster/topology.js";
import { DEFAULT_ADMIN_PORT } from "../../lib/config/access.js";
import { loadConfig } from "../../lib/config/config.js";
import { named, ofKind, workloads, type Json } from "./load-manifests.js";

const defaults = loadConfig({});
const PORT = defaults.port;
const METRICS_PORT = defaults.cluster.metricsPort;
const ALL = Object.keys(ENTRY_POINTS) as (ProcessName | "migrate")[];
const processOf = (args: string[]) => ALL.find((p) => commandOf(p).every((part, i) => args[i] === part))!;
const deployments = () => workloads().filter(({ workload }) => workload.kind === "Deployment");
const byProcess = (process: ProcessName) =>
  deployments().find(({ container }) => processOf(container.args) === process)!;

const selects = (selector: Json, labels: Record<string, string>) =>
  Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector.matchExpressions ?? []).every((e: Json) => e.operator === "In" && e.values.includes(labels[e.key]));

/** Kubernetes quantities: cpu in millicores, memory in bytes. */
function quantity(value: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G)?$/.exec(String(value));
  if (!m) throw new Error(`not a quantity: ${value}`);
  const scale: Record<string, number> = {
    m: 1e-3,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
    k: 1e3,
    M: 1e6,
    G: 1e9,
  };
  return Number(m[1]) * (m[2] ? scale[m[2]]! : 1);
}

/** Whether some policy admits a connection to `labels` pods on `port` from `from` (a pod's labels or a namespace name). */
function admitted(
  labels: Record<string, string>,
  port: number,
  from: { pod?: Record<string, string>; namespace?: string },
) {
  return ofKind("NetworkPolicy").some(
    (p) =>
      selects(p.spec.podSelector, labels) &&
      (p.spec.ingress ?? []).some(
        (rule: Json) =>
          (rule.ports ?? []).some((x: Json) => x.port === port) &&
          (!rule.from ||
            rule.from.some(
              (peer: Json) =>
                (peer.podSelector && !peer.namespaceSelector && from.pod && selects(peer.podSelector, from.pod)) ||
                (peer.namespaceSelector &&
                  from.namespace &&
                  peer.namespaceSelector.matchLabels?.["kubernetes.io/metadata.name"] === from.namespace),
            )),
      ),
  );
}

describe("the Kubernetes manifests agree with the topology", () => {
  it("give each Deployment one PodDisruptionBudget that selects its pods and leaves a drain room to proceed", () => {
    const budgets = ofKind("PodDisruptionBudget");
    for (const { workload, labels } of deployments()) {
      const name = workload.metadata.name;
      const mine = budgets.filter((b) => selects(b.spec.selector, labels));
      expect(mine.length, name).toBe(1);
      expect(mine[0].spec.selector.matchLabels, name).toEqual(workload.spec.selector.matchLabels);
      const hpa = ofKind("HorizontalPodAutoscaler").find((h) => h.spec.scaleTargetRef.name === name);
      const fewest = hpa ? hpa.spec.minReplicas : workload.spec.replicas;
      expect(mine[0].spec.minAvailable, name).toBeLessThan(fewest);
    }
    expect(budgets.length).toBe(deployments().length);
  });

  it("request no more than the limits of every container, with both set", () => {
    for (const { workload, container } of workloads()) {
      const { requests, limits } = container.resources;
      for (const resource of ["cpu", "memory"]) {
        expect(quantity(requests[resource]), `${workload.metadata.name} ${resource}`).toBeLessThanOrEqual(
          quantity(limits[resource]),
        );
      }
    }
  });

  it("admit every connection the topology makes", () => {
    const gateway = byProcess("gateway");
    expect(admitted(gateway.labels, PORT, { namespace: "ingress-anything" })).toBe(true);
    for (const process of Object.keys(GATEWAY_SERVICE_URLS) as ProcessName[]) {
      const target = byProcess(process);
      expect(admitted(target.labels, PORT, { pod: gateway.labels }), process).toBe(true);
      expect(admitted(target.labels, PORT, { pod: { "app.kubernetes.io/name": "someone-else" } }), process).toBe(false);
    }
    for (const { workload, labels } of deployments())
      expect(admitted(labels, METRICS_PORT, { namespace: "monitoring" }), workload.metadata.name).toBe(true);
  });

  it("open no port but the public and the internal ones, never the admin listener's", () => {
    const opened = ofKind("NetworkPolicy").flatMap((p) =>
      (p.spec.ingress ?? []).flatMap((rule: Json) => (rule.ports ?? []).map((x: Json) => x.port)),
    );
    expect([...new Set(opened)].sort()).toEqual([PORT, METRICS_PORT].sort());
    expect(opened).not.toContain(DEFAULT_ADMIN_PORT);
    for (const policy of ofKind("NetworkPolicy"))
      expect(policy.spec.policyTypes, policy.metadata.name).toEqual(["Ingress"]);
    for (const svc of ofKind("Service")) {
      const target = deployments().find(({ labels }) => selects({ matchLabels: svc.spec.selector }, labels))!;
      const ports = svc.spec.ports.map(
        (p: Json) => target.container.ports.find((c: Json) => c.name === p.targetPort).containerPort,
      );
      expect(ports, svc.metadata.name).toEqual([PORT]);
    }
    expect(named("Service", "institute-gateway").spec.type ?? "ClusterIP").toBe("ClusterIP");
  });
});
