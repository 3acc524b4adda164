/**
 * Every container's environment is complete: what the image sets, plus what compose or the Kubernetes manifests give
 * it (the ConfigMap, the Secret's keys, files mounted from a ConfigMap), loads without a configuration error and
 * passes the start-up check of the process it runs (app/cluster/requirements.ts, the one its entry point runs). And
 * every variable lib/config reads is decided for the cluster: given to the containers that read it, or left at its
 * default for the reason written below, so a variable someone adds fails here until the manifests take a position.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requireEnvironment } from "../../app/cluster/requirements.js";
import { commandOf, ENTRY_POINTS, type ProcessName } from "../../app/cluster/topology.js";
import { loadConfig } from "../../lib/config/config.js";
import {
  appServices,
  configVariables,
  named,
  ofKind,
  read,
  withDefaults,
  workloads,
  type Json,
} from "./load-manifests.js";

/** What the cluster leaves at the default, and why (README's configuration table has each default). */
const LEFT_AT_DEFAULT: Record<string, string> = {
  ADMIN_HOST: "the admin listener stays off in the cluster: operators use the command line through a Job",
  ADMIN_PORT: "the admin listener stays off in the cluster",
  ADMIN_TOKEN: "never read: only its refusal names it",
  ADMIN_TOKEN_SHA256: "the admin listener stays off in the cluster",
  CONSOLE_LINK_MINUTES: "the console is off in the cluster (no operator token); npm start prints the link",
  CONSOLE_SESSION_MINUTES: "the console is off in the cluster (no operator token)",
  AUTH_FAILURE_BURST: "the default throttle of failed credentials",
  AUTH_FAILURE_HOLD_MS: "the default throttle of failed credentials",
  AUTH_FAILURE_PER_MINUTE: "the default throttle of failed credentials",
  AUTH_URL: "OAuth stays off until the operator names the identity hub",
  AUTH_IDENTITY_URL: "derived from AUTH_URL",
  OAUTH_CACHE_SECONDS: "OAuth stays off until the operator names the identity hub",
  OAUTH_DEFAULT_SCOPES: "OAuth stays off until the operator names the identity hub",
  MCP_ALLOWED_ORIGINS: "no browser origin is allowed until the operator names one",
  DAILY_EDITOR_ID: "the demo's and the spec's canonical daily editor",
  DATA_DIR: "embedded PostgreSQL only; the cluster connects to DATABASE_URL",
  EMBEDDED_POSTGRES_RUNTIME_DIR: "embedded PostgreSQL only",
  SEED_DEMO: "read by npm start only; the migrate Job loads no demo",
  EMBEDDINGS_URL: "the built-in local embedder until the operator names a model server",
  EMBEDDINGS_MODEL: "the built-in local embedder",
  EMBEDDINGS_API_KEY: "the built-in local embedder",
  EMBEDDINGS_BATCH_SIZE: "the built-in local embedder",
  EMBEDDINGS_TIMEOUT_MS: "the built-in local embedder",
  FACTCARD_REUSE_POLICY: "the default reuse policy",
  INDEX_REFRESH_MS: "the default refresh of the search and fact-card indexes",
  SEARCH_RRF_K: "the default rank fusion",
  KEY_CACHE_SECONDS: "the default revocation delay",
  READ_CACHE_BYTES: "the default read cache, within the gateway's memory limit",
  READ_CACHE_STALE_IF_ERROR_SECONDS: "the default: a cached answer rides out a minute of database outage",
  REPORT_VALIDATOR_CACHE_MS: "the default",
  NATS_NAMESPACE: "one deployment per NATS",
  PROJECT_NAME: "the default meta",
  PROJECT_DESCRIPTION: "the default meta",
  PROJECT_COLOR: "the default meta",
  RATE_LIMIT_ENABLED: "rate limits on, at the default rates",
  RATE_LIMIT_PER_MINUTE: "the default rate",
  RATE_LIMIT_BURST: "the default burst",
  SIMILARITY_SKIP_COSINE: "the spec's thresholds",
  SIMILARITY_AUGMENT_COSINE: "the spec's thresholds",
  USAGE_ENABLED: "usage and readership are counted in the cluster as in the all-in-one",
  USAGE_FLUSH_MS: "the default flush: a gateway that crashes loses at most ten seconds of counts",
  DAILY_DUE_AT: "the institute's default: the daily report is due by 09:00 Asia/Singapore",
};

/** The final stage's ENV of deploy/Dockerfile: what every container starts with. */
function imageEnv(): Record<string, string> {
  const finalStage = read("deploy/Dockerfile").split(/^FROM scratch$/m)[1]!;
  const line = /^ENV (.+)$/m.exec(finalStage)![1]!;
  return Object.fromEntries(line.split(/\s+/).map((pair) => pair.split("=") as [string, string]));
}

const folder = mkdtempSync(path.join(tmpdir(), "deploy-env-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A Kubernetes container's environment as the kubelet builds it. Files it reads from a mounted ConfigMap (PEERS_FILE)
 * are written to a temporary folder with the ConfigMap's content, so loading reads what the pod would.
 */
function kubernetesEnv(pod: Json, container: Json): Record<string, string> {
  const env: Record<string, string> = { ...imageEnv() };
  for (const from of container.envFrom ?? []) Object.assign(env, named("ConfigMap", from.configMapRef.name).data);
  for (const e of container.env ?? []) {
    const secret = e.valueFrom?.secretKeyRef;
    const config = e.valueFrom?.configMapKeyRef;
    env[e.name] = secret
      ? named("Secret", secret.name).stringData[secret.key]
      : config
        ? named("ConfigMap", config.name).data[config.key]
        : e.value;
  }
  for (const mount of container.volumeMounts ?? []) {
    const volume = pod.volumes.find((v: Json) => v.name === mount.name);
    if (!volume?.configMap) continue;
    for (const [key, content] of Object.entries(
      named("ConfigMap", volume.configMap.name).data as Record<string, string>,
    )) {
      const inPod = path.posix.join(mount.mountPath, key);
      for (const [name, value] of Object.entries(env))
        if (value === inPod) {
          const local = path.join(folder, `${volume.configMap.name}-${key}`);
          writeFileSync(local, content);
          env[name] = local;
        }
    }
  }
  return env;
}

const ALL = Object.keys(ENTRY_POINTS) as (ProcessName | "migrate")[];
const processOf = (command: string[]) => ALL.find((p) => commandOf(p).every((part, i) => command[i] === part))!;

describe("every container's environment", () => {
  it("in Kubernetes loads and passes its process's start-up check", () => {
    const checked = workloads().map(({ workload, container }) => {
      const process = processOf(container.args);
      const config = loadConfig(kubernetesEnv(workload.spec.template.spec, container));
      expect(() => requireEnvironment(process, config), workload.metadata.name).not.toThrow();
      return process;
    });
    expect(checked.sort()).toEqual([...ALL].sort());
  });

  it("in compose loads and passes its process's start-up check", () => {
    const checked = appServices()
      .filter(([name]) => name !== "relay-simulator")
      .map(([name, service]) => {
        const process = processOf(service.command);
        const config = loadConfig({ ...imageEnv(), ...withDefaults(service.environment) });
        expect(() => requireEnvironment(process, config), name).not.toThrow();
        return process;
      });
    expect(checked.sort()).toEqual([...ALL].sort());
  });

  it("would fail a container that lacks a variable its process requires", () => {
    const gateway = workloads().find(({ workload }) => workload.metadata.name === "institute-gateway")!;
    const env = kubernetesEnv(gateway.workload.spec.template.spec, gateway.container);
    delete env.CATALOG_SERVICE_URL;
    expect(() => requireEnvironment("gateway", loadConfig(env))).toThrow(
      "CATALOG_SERVICE_URL is required when the gateway runs on its own",
    );
  });

  it("takes a position on every variable lib/config reads: given to the containers, or left at its default", () => {
    const given = new Set([
      ...ofKind("ConfigMap").flatMap((c) => (c.metadata.name === "institute-config" ? Object.keys(c.data) : [])),
      ...workloads().flatMap(({ container }) => (container.env ?? []).map((e: Json) => e.name as string)),
    ]);
    const known = configVariables();
    const undecided = [...known].filter((v) => !given.has(v) && !(v in LEFT_AT_DEFAULT));
    expect(undecided, "variables neither given in deploy/k8s nor listed in LEFT_AT_DEFAULT").toEqual([]);
    expect(
      Object.keys(LEFT_AT_DEFAULT).filter((v) => given.has(v)),
      "given and also listed as left at default",
    ).toEqual([]);
    expect(
      Object.keys(LEFT_AT_DEFAULT).filter((v) => !known.has(v)),
      "listed but read by nothing",
    ).toEqual([]);
  });
});
