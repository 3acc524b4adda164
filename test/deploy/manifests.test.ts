/**
 * docker-compose.yml and deploy/k8s describe exactly what the code runs: each container runs an existing entry point,
 * listens on the ports the configuration defaults to, is probed on paths and names that answer, receives only
 * variables lib/config/config.ts reads (and the database role its process needs), and the gateway is given every
 * <NAME>_SERVICE_URL it requires, pointing at the process that serves it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../app/cluster/launcher.js";
import {
  commandOf,
  DATABASE_ROLES,
  ENTRY_POINTS,
  entryOf,
  PROBES,
  sourceOf,
  type ProcessName,
} from "../../app/cluster/topology.js";
import { requireServiceUrls, SERVICE_PROCESSES, serviceUrlVariable } from "../../lib/config/cluster.js";
import { loadConfig } from "../../lib/config/config.js";
import { INTERNAL_PATHS } from "../../lib/observability/internal-server.js";
import { LIVENESS } from "../../lib/health/health-service.js";
import {
  appServices,
  compose,
  configVariables,
  named,
  ofKind,
  withDefaults,
  workloads,
  type Json,
} from "./load-manifests.js";

const defaults = loadConfig({});
const PORT = defaults.port;
const METRICS_PORT = defaults.cluster.metricsPort;
const ALL: (ProcessName | "migrate")[] = Object.keys(ENTRY_POINTS) as never;

/** The process a command runs, or undefined: its node flags, entry point and arguments, extra flags allowed after. */
function processOf(command: string[]): ProcessName | "migrate" | undefined {
  return ALL.find((p) => commandOf(p).every((part, i) => command[i] === part));
}

const configMap = () => named("ConfigMap", "institute-config").data as Record<string, string>;
const secret = () => named("Secret", "institute-secrets").stringData as Record<string, string>;

describe("every container runs an entry point of the code", () => {
  it("in compose, one container per process, each command naming a compiled entry point whose source exists", () => {
    const byProcess = new Map<string, string>();
    for (const [name, service] of appServices()) {
      const entry = entryOf(service.command);
      expect(existsSync(path.join(REPO_ROOT, sourceOf(entry))), `${name}: ${entry}`).toBe(true);
      if (name === "relay-simulator") continue;
      const process = processOf(service.command);
      expect(process, `${name}: ${service.command.join(" ")}`).toBeDefined();
      byProcess.set(process!, name);
    }
    expect([...byProcess.keys()].sort()).toEqual([...ALL].sort());
  });

  it("in Kubernetes, one workload per process, each args naming a compiled entry point whose source exists", () => {
    const processes = workloads().map(({ workload, container }) => {
      expect(existsSync(path.join(REPO_ROOT, sourceOf(entryOf(container.args)))), workload.metadata.name).toBe(true);
      return processOf(container.args);
    });
    expect(processes.sort()).toEqual([...ALL].sort());
  });

  it("each long-running entry point exports build() and listens only when run directly", async () => {
    for (const process of ["gateway", "governor", "catalog"] as const) {
      const module = await import(path.join(REPO_ROOT, sourceOf(ENTRY_POINTS[process][0]!)));
      expect(typeof module.build, process).toBe("function");
    }
  });
});

describe("ports and probes match the code", () => {
  it("containers listen on PORT and METRICS_PORT as configured by default", () => {
    expect(configMap().PORT).toBe(String(PORT));
    expect(configMap().METRICS_PORT).toBe(String(METRICS_PORT));
    for (const { workload, container } of workloads().filter(({ workload }) => workload.kind === "Deployment")) {
      const ports = Object.fromEntries(container.ports.map((p: Json) => [p.name, p.containerPort]));
      expect(Object.values(ports).sort(), workload.metadata.name).toEqual([PORT, METRICS_PORT].sort());
      expect(ports.internal, workload.metadata.name).toBe(METRICS_PORT);
    }
  });

  it("compose publishes the gateway's public port alone, on loopback unless told otherwise", () => {
    expect(compose.services.gateway.ports).toEqual([`\${GATEWAY_PUBLISH:-127.0.0.1:${PORT}}:${PORT}`]);
    const published = Object.entries(compose.services as Record<string, Json>).filter(([, s]) => s.ports);
    expect(published.map(([name]) => name)).toEqual(["gateway"]);
  });

  it("services are probed over grpc.health.v1 on PORT, the gateway and the governor over HTTP on the internal paths", () => {
    for (const { container } of workloads().filter(({ workload }) => workload.kind === "Deployment")) {
      const process = processOf(container.args) as ProcessName;
      const { readinessProbe: ready, livenessProbe: live } = container;
      if (PROBES[process] === "grpc") {
        expect(ready.grpc.port, process).toBe(PORT);
        expect(ready.grpc.service ?? "", process).toBe("");
        expect(live.grpc, process).toEqual({ port: PORT, service: LIVENESS });
      } else {
        expect(ready.httpGet, process).toEqual({ path: INTERNAL_PATHS.ready, port: "internal" });
        expect(live.httpGet, process).toEqual({ path: INTERNAL_PATHS.live, port: "internal" });
      }
    }
  });

  it("compose health checks ask /readyz on the internal port, and start the gateway after every backend is healthy", () => {
    for (const [name, service] of appServices().filter(([n]) => !["migrate", "relay-simulator"].includes(n))) {
      expect(service.healthcheck.test.join(" "), name).toContain(
        `http://127.0.0.1:${METRICS_PORT}${INTERNAL_PATHS.ready}`,
      );
    }
    const backends = SERVICE_PROCESSES as readonly string[];
    expect(Object.keys(compose.services.gateway.depends_on).sort()).toEqual([...backends].sort());
    for (const b of backends) expect(compose.services.gateway.depends_on[b].condition).toBe("service_healthy");
    for (const b of backends.filter((b) => b !== "governor"))
      expect(compose.services[b].depends_on.migrate.condition).toBe("service_completed_successfully");
    expect(compose.services.migrate.depends_on.postgres.condition).toBe("service_healthy");
    expect(compose.services.governor.depends_on.nats.condition).toBe("service_healthy");
    expect(compose.services["relay-simulator"].profiles).toEqual(["relay-sim"]);
  });

  it("Kubernetes Services route to a named container port of the pods they select", () => {
    for (const svc of ofKind("Service")) {
      const target = workloads().find(({ labels }) =>
        Object.entries(svc.spec.selector).every(([k, v]) => labels[k] === v),
      );
      expect(target, svc.metadata.name).toBeDefined();
      for (const port of svc.spec.ports)
        expect(
          target!.container.ports.map((p: Json) => p.name),
          svc.metadata.name,
        ).toContain(port.targetPort);
    }
  });
});

describe("configuration matches what the code reads", () => {
  it("names only variables lib/config/config.ts reads", () => {
    const known = configVariables();
    const named = [
      ...appServices().flatMap(([, s]) => Object.keys(s.environment ?? {})),
      ...Object.keys(configMap()),
      ...Object.keys(secret()),
      ...workloads().flatMap(({ container }) => (container.env ?? []).map((e: Json) => e.name)),
    ];
    expect(named.filter((n) => !known.has(n))).toEqual([]);
  });

  it("gives the gateway every <NAME>_SERVICE_URL, pointing at the process that serves it on PORT", () => {
    const gatewayEnv = withDefaults(compose.services.gateway.environment);
    for (const name of SERVICE_PROCESSES) {
      const variable = serviceUrlVariable(name);
      expect(gatewayEnv[variable], variable).toBe(`http://${name}:${PORT}`);
      expect(processOf(compose.services[name].command), variable).toBe(name);
      const url = new URL(configMap()[variable]!);
      const svc = named("Service", url.hostname);
      expect(svc, variable).toBeDefined();
      expect(Number(url.port), variable).toBe(svc.spec.ports[0].port);
      const target = workloads().find(({ labels }) =>
        Object.entries(svc.spec.selector).every(([k, v]) => labels[k] === v),
      )!;
      expect(processOf(target.container.args), variable).toBe(name);
      expect(target.container.ports.find((p: Json) => p.name === svc.spec.ports[0].targetPort).containerPort).toBe(
        PORT,
      );
    }
  });

  it("loads: the ConfigMap with the Secret, and compose's gateway environment, each start a cluster gateway", () => {
    const k8sConfig = loadConfig({ ...configMap(), ...secret() });
    expect(() => requireServiceUrls(k8sConfig.cluster, SERVICE_PROCESSES)).not.toThrow();
    const composeConfig = loadConfig(withDefaults(compose.services.gateway.environment));
    expect(() => requireServiceUrls(composeConfig.cluster, SERVICE_PROCESSES)).not.toThrow();
    expect(composeConfig.relay.signingSecret).toBeDefined();
  });

  it("gives each process the database role it needs and no other (read services never see the owner's URL)", () => {
    for (const { container } of workloads()) {
      const process = processOf(container.args)!;
      const env = (container.env ?? []).map((e: Json) => e.name).filter((n: string) => n.startsWith("DATABASE_"));
      expect(env.sort(), process).toEqual([...DATABASE_ROLES[process]].sort());
    }
    expect(Object.keys(configMap()).filter((k) => k.startsWith("DATABASE_"))).toEqual([]);
    for (const [name, service] of appServices().filter(([n]) => n !== "relay-simulator")) {
      const env = Object.keys(service.environment ?? {}).filter((n) => n.startsWith("DATABASE_"));
      expect(env.sort(), name).toEqual([...DATABASE_ROLES[processOf(service.command)!]].sort());
    }
  });

  it("refers only to the ConfigMap and Secret keys that exist", () => {
    for (const { workload, container } of workloads()) {
      for (const from of container.envFrom ?? [])
        expect(named("ConfigMap", from.configMapRef.name), workload.metadata.name).toBeDefined();
      for (const e of container.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref)
          expect(
            named("Secret", ref.name)?.stringData?.[ref.key],
            `${workload.metadata.name}: ${e.name}`,
          ).toBeDefined();
        const key = e.valueFrom?.configMapKeyRef;
        if (key)
          expect(named("ConfigMap", key.name)?.data?.[key.key], `${workload.metadata.name}: ${e.name}`).toBeDefined();
      }
    }
  });
});

describe("Kubernetes runs each process hardened and with a disruption budget", () => {
  it("every Deployment has probes, resources, a non-root read-only container and a PodDisruptionBudget", () => {
    const budgets = ofKind("PodDisruptionBudget");
    for (const { workload, container, labels } of workloads().filter(
      ({ workload }) => workload.kind === "Deployment",
    )) {
      expect(container.readinessProbe && container.livenessProbe, workload.metadata.name).toBeTruthy();
      expect(container.resources.requests && container.resources.limits, workload.metadata.name).toBeTruthy();
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      });
      expect(container.volumeMounts.map((v: Json) => v.mountPath)).toContain("/tmp");
      expect(
        budgets.some((b) => Object.entries(b.spec.selector.matchLabels).every(([k, v]) => labels[k] === v)),
        workload.metadata.name,
      ).toBe(true);
      expect(workload.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
        Number(configMap().SHUTDOWN_TIMEOUT_MS) + 5_000,
      );
    }
    const hpa = ofKind("HorizontalPodAutoscaler");
    expect(hpa.map((h) => h.spec.scaleTargetRef.name)).toEqual(["institute-gateway"]);
  });

  it("a NetworkPolicy keeps the services and the governor reachable from the gateway only", () => {
    const policies = ofKind("NetworkPolicy");
    expect(
      policies.some(
        (p) =>
          Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes("Ingress") && !p.spec.ingress,
      ),
    ).toBe(true);
    const internal = workloads().filter(({ container }) => {
      const p = processOf(container.args);
      return p && p !== "gateway" && p !== "migrate";
    });
    for (const { workload, labels } of internal) {
      const selecting = policies.filter((p) => selects(p.spec.podSelector, labels) && p.spec.ingress);
      const onPort = selecting
        .flatMap((p) => p.spec.ingress)
        .filter((rule: Json) => rule.ports?.some((x: Json) => x.port === PORT));
      expect(onPort.length, workload.metadata.name).toBeGreaterThan(0);
      for (const rule of onPort)
        expect(rule.from, workload.metadata.name).toEqual([
          { podSelector: { matchLabels: { "app.kubernetes.io/name": "institute-gateway" } } },
        ]);
    }
  });
});

function selects(selector: Json, labels: Record<string, string>): boolean {
  const matchLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const expressions = (selector.matchExpressions ?? []).every(
    (e: Json) => e.operator === "In" && e.values.includes(labels[e.key]),
  );
  return matchLabels && expressions;
}
