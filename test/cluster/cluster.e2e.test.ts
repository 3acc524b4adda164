/**
 * The cluster end to end: every process of the topology (five service groups, the governor, the gateway) started as
 * a real child process on free loopback ports (app/cluster/launcher.ts, as npm run start:cluster does), over a fresh
 * database holding the demo dataset and a real NATS server. REST, the tool endpoint and a signed relay callback are
 * driven through the cluster's gateway, and every REST route and every tool is compared with an all-in-one gateway
 * (npm start's composition) over the same database: the same answers, generated_at-style fields aside.
 * Skipped, with the reason printed, when no NATS server can be had.
 */
import type { FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { governorRoutes } from "../../governor/pulse/routes.js";
import { buildAllInOne } from "../../app/all-in-one.js";
import { launchCluster, REPO_ROOT, type Cluster } from "../../app/cluster/launcher.js";
import { commandOf, ENTRY_POINTS, NODE_FLAGS } from "../../app/cluster/topology.js";
import { loadConfig } from "../../lib/config/config.js";
import { seedDemoData } from "../../demo-data/index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { removeRunAndStop, startTestNats } from "../helpers/nats-server.js";
import { newKey, writePeersFile } from "../mcp/harness.js";
import { signatureOf } from "../../lib/relay/signature.js";
import { startRelaySimulator, type RelaySimulator } from "../../relay-simulator/simulator.js";
import { comparable, waitFor } from "./compare.js";
import { governorSettled } from "./governor-settled.js";
import { restRequests, sampleIds, toolArguments, type SampleIds } from "./sample-requests.js";

const AS_OF = Date.UTC(2026, 10, 20, 10, 0, 0);
const nats = await startTestNats();
const secret = randomBytes(24).toString("base64url");
const peerKey = newKey("coverage");
const peers = writePeersFile([{ id: "party-e2e", keys: [peerKey], coverage: true }]);
const lines: { process: string; line: string }[] = [];
const namespace = `e2e_${randomBytes(4).toString("hex")}`;

let db: TestDatabase;
let relay: RelaySimulator;
let cluster: Cluster;
let local: FastifyInstance;
let ids: SampleIds;
let clusterKey: string;
let clusterKeyId: string;
let localKey: string;
let stopped: Record<string, number | null> | undefined;

async function viaCluster(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${cluster.gatewayUrl}${url}`, {
    method,
    headers: {
      "user-agent": "cluster-e2e",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    etag: res.headers.get("etag"),
    text: await res.text(),
    requestId: res.headers.get("x-request-id"),
  };
}

async function viaLocal(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await local.inject({
    method: method as "GET",
    url,
    headers: { "user-agent": "cluster-e2e", ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    status: res.statusCode,
    type: res.headers["content-type"] ?? null,
    etag: (res.headers.etag as string | undefined) ?? null,
    text: res.body,
    requestId: null,
  };
}

const tool = (name: string, args: unknown) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name, arguments: args },
});
const mcpHeaders = (key: string) => ({ "x-api-key": key, accept: "application/json, text/event-stream" });

describe.skipIf(nats.skip !== null)("npm run start:cluster serves the same answers as npm start", () => {
  beforeAll(async () => {
    db = await createTestDatabase(inject("adminUrl"), "cluster");
    await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF });
    await embedPending(db.owner, createHashedNgramEmbedder());
    ids = await sampleIds(db.owner);
    // Separate keys: each gateway's rate-limit buckets are its own key's.
    ({ key: clusterKey, keyId: clusterKeyId } = await mintKey(db.owner, {
      name: "e2e-cluster",
      scopes: [...ALL_SCOPES],
    }));
    localKey = (await mintKey(db.owner, { name: "e2e-local", scopes: [...ALL_SCOPES] })).key;
    // A relay with no node and no queue: the governor submits nothing, so the data stays still while compared.
    relay = await startRelaySimulator({ signingSecret: secret, fleet: { nodes: 0, queueCap: 0 } });
    // One public address for both, so absolute addresses in answers (the feeds' entry links) compare equal.
    const shared = {
      LOG_LEVEL: "info",
      KEY_CACHE_SECONDS: "0",
      PEERS_FILE: peers.file,
      CURSOR_SECRET: randomBytes(24).toString("base64url"),
      PUBLIC_BASE_URL: "http://127.0.0.1:8080",
    };
    cluster = await launchCluster({
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...shared,
        DATABASE_URL: db.ownerUrl,
        DATABASE_READER_URL: db.readerUrl,
        NATS_URL: nats.url!,
        NATS_NAMESPACE: namespace,
        RELAY_URL: relay.url,
        RELAY_SIGNING_SECRET: secret,
        SHUTDOWN_TIMEOUT_MS: "5000",
        // Usage is written only when the gateway stops, so the last test sees the flush on close.
        USAGE_FLUSH_MS: "3600000",
      },
      onLine: (process, line) => lines.push({ process, line }),
      readyTimeoutMs: 90_000,
    });
    // The governor's first tick and kickoff may change the whiteboard: wait until both are settled.
    await governorSettled(db.owner, lines);
    local = await buildAllInOne({
      config: loadConfig(shared),
      db,
      governorRoutes: governorRoutes({ db: db.reader, enabledByConfig: true, now: Date.now }),
    });
    await local.ready();
  }, 240_000);

  afterAll(async () => {
    stopped ??= await cluster?.stop();
    await local?.close();
    await relay?.close();
    await db?.drop();
    await removeRunAndStop(nats, namespace);
    peers.remove();
  }, 60_000);

  it("runs every process from the compiled JavaScript in dist/, as the topology lists it", () => {
    expect(cluster.processes.map((p) => p.name).sort()).toEqual(
      Object.keys(ENTRY_POINTS)
        .filter((n) => n !== "migrate")
        .sort(),
    );
    for (const p of cluster.processes) {
      const argv = readFileSync(`/proc/${p.child.pid}/cmdline`, "utf8").split("\0").slice(1, -1);
      expect(argv, p.name).toEqual([...NODE_FLAGS, ...commandOf(p.name)]);
      expect(existsSync(path.join(REPO_ROOT, ENTRY_POINTS[p.name][0]!)), p.name).toBe(true);
    }
  });

  it("answers every REST route as the all-in-one does", async () => {
    const requests = restRequests(ids);
    const paths = Object.entries(
      JSON.parse((await viaLocal("GET", "/api/openapi.json", {})).text).paths as Record<string, object>,
    ).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ["get", "post"].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(new Set(requests.map((r) => `${r.method} ${r.route}`))).toEqual(new Set(paths));
    for (const r of requests) {
      const headers = { "x-api-key": clusterKey };
      const [remote, here] = await Promise.all([
        viaCluster(r.method, r.url, headers, r.body),
        viaLocal(r.method, r.url, { "x-api-key": localKey }, r.body),
      ]);
      expect(remote.status, `${r.method} ${r.url}: ${remote.text.slice(0, 300)}`).toBe(here.status);
      expect(remote.type, r.url).toBe(here.type);
      // An ETag hashes the bytes: the same bytes, the same tag; a stamped field (generated_at) makes both differ.
      if (remote.text === here.text) expect(remote.etag, r.url).toBe(here.etag);
      else expect(remote.etag === null, r.url).toBe(here.etag === null);
      expect(comparable(remote.text), r.url).toEqual(comparable(here.text));
    }
    expect(JSON.parse((await viaCluster("GET", "/api/v1/meta", {})).text).search_enabled).toBe(true);
  });

  it("answers every tool over /api/mcp as the all-in-one does", async () => {
    const args = toolArguments(ids);
    expect(Object.keys(args).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const [name, input] of Object.entries(args)) {
      const [remoteKey, localKeyFor] = name === "coverage_artifacts" ? [peerKey, peerKey] : [clusterKey, localKey];
      const [remote, here] = await Promise.all([
        viaCluster("POST", "/api/mcp", mcpHeaders(remoteKey), tool(name, input)),
        viaLocal(
          "POST",
          "/api/mcp",
          { ...mcpHeaders(localKeyFor), "content-type": "application/json" },
          tool(name, input),
        ),
      ]);
      expect(remote.status, `${name}: ${remote.text.slice(0, 300)}`).toBe(200);
      const answer = JSON.parse(remote.text);
      expect(answer.error, `${name}: ${remote.text.slice(0, 300)}`).toBeUndefined();
      expect(answer.result.isError, `${name}: ${remote.text.slice(0, 300)}`).toBe(false);
      expect(comparable(remote.text), name).toEqual(comparable(here.text));
    }
  });

  it("keeps a signed relay callback and the governor process applies it over NATS", async () => {
    const now = Date.now();
    const { rows } = await db.owner.query(
      "SELECT fact_id FROM factcard.chain_facts f WHERE NOT EXISTS (SELECT 1 FROM factcard.chain_fact_tags t WHERE t.fact_id = f.fact_id) ORDER BY fact_id LIMIT 1",
    );
    const factId = rows[0].fact_id as string;
    await db.owner.query(
      `INSERT INTO governor.tasks (task_id, kind, subject_id, status, relay_task_id, slot_at, submitted_at, deadline_at)
       VALUES ('gt_e2e_1', 'chain_tag', $1, 'submitted', 'rt_e2e_1', $2, $2, $3)`,
      [factId, now, now + 25 * 60_000],
    );
    const body = JSON.stringify({
      type: "task.completed",
      task_id: "rt_e2e_1",
      client_ref: "gt_e2e_1",
      kind: "chain_tag",
      occurred_at: now,
      result: { tags: ["e2e-copper"] },
    });
    const send = (signature: string) =>
      viaCluster(
        "POST",
        "/relay/callback",
        { "x-relay-signature": signature, "x-relay-delivery": "d-e2e-1", "user-agent": "relay/1" },
        body,
      );
    expect((await send(`sha256=${"0".repeat(64)}`)).status).toBe(401);
    const kept = await send(signatureOf(secret, body));
    expect(kept.status, kept.text).toBe(200);
    expect(JSON.parse(kept.text)).toMatchObject({ received: true, delivery_id: "d-e2e-1", outcome: "recorded" });
    // Applied by the governor on the bus notification, well before its 30-second scan.
    await waitFor(
      async () =>
        (await db.owner.query("SELECT 1 FROM governor.tasks WHERE task_id = 'gt_e2e_1' AND status = 'completed'"))
          .rowCount === 1,
      20_000,
    );
    const tags = await db.owner.query("SELECT tag FROM factcard.chain_fact_tags WHERE fact_id = $1", [factId]);
    expect(tags.rows.map((r) => r.tag)).toEqual(["e2e-copper"]);
    const tools = await viaCluster(
      "POST",
      "/api/mcp",
      mcpHeaders(clusterKey),
      tool("chain_fact_tags", { fact_id: factId }),
    );
    expect(tools.text).toContain("e2e-copper");
  });

  it("carries the gateway's request id into the services' logs and never logs a key or signature", async () => {
    const requestId = `e2e-${randomBytes(6).toString("hex")}`;
    // A read the gateway's cache never answers (the similarity log counts the trailing seven days), so it reaches the catalog process.
    const res = await viaCluster("GET", "/api/v1/whiteboard/similarity-log?limit=1", {
      "x-api-key": clusterKey,
      "x-request-id": requestId,
    });
    expect(res.requestId).toBe(requestId);
    // Each process logs a request once it has answered it: the gateway's line may come after the catalog's.
    const logged = (process: string) => lines.some((l) => l.process === process && l.line.includes(requestId));
    await waitFor(async () => logged("catalog") && logged("gateway"), 5_000);
    const gatewayLine = lines.find((l) => l.process === "gateway" && l.line.includes(requestId))!;
    expect(JSON.parse(gatewayLine.line)).toMatchObject({ name: "gateway", reqId: requestId });
    const all = lines.map((l) => l.line).join("\n");
    for (const secretValue of [clusterKey, peerKey, secret, db.readerUrl.split("@")[0]!.split(":").pop()!])
      expect(all).not.toContain(secretValue);
    expect(all).not.toMatch(/sha256=[0-9a-f]{64}/);
  });

  it("drops a cached answer when an outside writer changes its rows: after the bound, both gateways answer the new one", async () => {
    const url = `/api/v1/analysts/${ids.analyst.analyst_id}`;
    const nameOf = async (via: typeof viaCluster | typeof viaLocal, key: string) =>
      JSON.parse((await via("GET", url, { "x-api-key": key })).text).name_en as string;
    const before = await nameOf(viaCluster, clusterKey);
    expect(await nameOf(viaCluster, clusterKey)).toBe(before);
    await db.owner.query("UPDATE catalog.analysts SET name_en = $2 WHERE analyst_id = $1", [
      ids.analyst.analyst_id,
      `${before} (renamed)`,
    ]);
    const committedAt = Date.now();
    await waitFor(
      async () =>
        (await nameOf(viaCluster, clusterKey)) === `${before} (renamed)` &&
        (await nameOf(viaLocal, localKey)) === `${before} (renamed)`,
      10_000,
    );
    // docs/read-cache.md: below one second across processes; from then on no answer may be the old one.
    await new Promise((r) => setTimeout(r, Math.max(0, committedAt + 1000 - Date.now())));
    for (let i = 0; i < 20; i++) {
      expect(await nameOf(viaCluster, clusterKey)).toBe(`${before} (renamed)`);
      expect(await nameOf(viaLocal, localKey)).toBe(`${before} (renamed)`);
    }
  });

  it("stops every process cleanly on SIGTERM", async () => {
    stopped = await cluster.stop();
    expect(stopped).toEqual({ gateway: 0, catalog: 0, reports: 0, portfolio: 0, search: 0, factcard: 0, governor: 0 });
    // On its way out the gateway flushed what it counted: this run's requests and reads, under the key's id.
    const counted = await db.owner.query(
      "SELECT coalesce(sum(requests), 0)::int AS n FROM usage.requests WHERE credential = $1",
      [`key:${clusterKeyId}`],
    );
    expect(counted.rows[0].n).toBeGreaterThan(0);
    const read = await db.owner.query(
      "SELECT array_agg(DISTINCT item_kind ORDER BY item_kind) AS kinds FROM usage.readership WHERE credential = $1",
      [`key:${clusterKeyId}`],
    );
    expect(read.rows[0].kinds.length).toBeGreaterThan(0);
  }, 60_000);
});
