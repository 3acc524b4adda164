/**
 * One run of the whole service that handles every kind of secret, with every log line captured (pino, trace level):
 * institute keys (good, revoked, wrong, in the wrong header), peer keys (Bearer and X-API-Key), identity-hub OAuth
 * tokens (resolved, refused, hub down), the relay's signing secret and signatures (the governor submitting to a relay
 * simulator that calls back, and callbacks signed right and wrong), the operator token and the keys the admin
 * listener mints and rotates, and the database passwords. The secrets tests search the logs and the database for them.
 */
import { createHash, randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { inject } from "vitest";
import { buildAdminApp } from "../../admin/admin-app.js";
import { mintKey, revokeKey } from "../../gateway/auth/key-admin.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { openRateLimiter } from "../../app/compose/open-rate-limiter.js";
import { openUsageRecorder } from "../../app/compose/open-usage-recorder.js";
import { prepareInProcessGovernor } from "../../app/governor-in-process.js";
import { addChainFacts } from "../fixtures/governor.js";
import { composeAllInOne } from "../../app/all-in-one.js";
import { loadConfig } from "../../lib/config/config.js";
import { loggerOptions } from "../../lib/observability/logger.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { startFakeUserinfo } from "../identity-hub/fake-userinfo.js";
import { fillAnalysts, writePeersFile } from "../mcp/harness.js";
import { startRelaySimulator } from "../../relay-simulator/simulator.js";
import { signatureOf } from "../../lib/relay/signature.js";

export interface SecretRun {
  db: TestDatabase;
  /** Every log line the gateway, the governor and the admin listener wrote. */
  lines: string[];
  /** Every secret the run handled, by what it is. */
  secrets: Record<string, string>;
  /** Answers that must have succeeded (the run really used the credentials). */
  statuses: Record<string, number>;
  close(): Promise<void>;
}

const token = (label: string) => `${label}_${randomBytes(18).toString("base64url")}`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export async function runWithSecrets(): Promise<SecretRun> {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk, _enc, done) => (lines.push(...String(chunk).split("\n").filter(Boolean)), done()),
  });
  const db = await createTestDatabase(inject("adminUrl"), "secrets");
  await fillAnalysts(db);
  await addChainFacts(db.owner, 8, { prefix: "sx", createdAt: Date.now() - 3_600_000 });

  const s: Record<string, string> = {
    instituteKey: (await mintKey(db.owner, { name: "secrets-all", scopes: [...ALL_SCOPES] })).key,
    revokedKey: (await mintKey(db.owner, { name: "secrets-revoked", scopes: ["analysts:read"] })).key,
    wrongKey: `sk_ins_${randomBytes(24).toString("base64url")}`,
    peerKey: token("pk"),
    oauthGood: token("tok"),
    oauthRefused: token("tok"),
    oauthHubDown: token("tok"),
    signingSecret: token("relaysecret"),
    operatorToken: token("optok"),
    readerPassword: decodeURIComponent(new URL(db.readerUrl).password),
    ownerPassword: decodeURIComponent(new URL(db.ownerUrl).password),
  };
  await revokeKey(
    db.owner,
    (await db.owner.query("SELECT key_id FROM auth.api_keys WHERE name = 'secrets-revoked'")).rows[0].key_id,
  );
  const hub = await startFakeUserinfo({
    [s.oauthGood!]: { status: 200, body: { sub: "user-1" } },
    [s.oauthHubDown!]: { status: 500 },
  });
  const peers = writePeersFile([{ id: "p-secret", keys: [s.peerKey!], coverage: true }]);
  const sim = await startRelaySimulator({ signingSecret: s.signingSecret! });
  const config = loadConfig({
    LOG_LEVEL: "trace",
    KEY_CACHE_SECONDS: "0",
    PEERS_FILE: peers.file,
    AUTH_URL: hub.base,
    OAUTH_CACHE_SECONDS: "0",
    RELAY_URL: sim.url,
    RELAY_SIGNING_SECRET: s.signingSecret!,
    ADMIN_TOKEN_SHA256: sha256(s.operatorToken!),
    ADMIN_PORT: "0",
  });
  const log = (name: string) => loggerOptions({ level: "trace", name, relayName: config.relay.name, stream });
  const governor = await prepareInProcessGovernor({ config, owner: db.owner, reader: db.reader });
  const usage = openUsageRecorder({ config: config.usage, databaseUrl: db.ownerUrl })!;
  const { app } = await composeAllInOne({
    config,
    db,
    logger: log("gateway"),
    relayCallbacks: governor.relayCallbacks,
    governorRoutes: governor.pulseRoutes,
    rateLimits: () => openRateLimiter({ config: config.access.rateLimit, databaseUrl: db.ownerUrl }),
    // Usage and readership are counted too, and flushed before the tables are searched.
    usage: () => usage,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const statuses: Record<string, number> = {};
  const call = async (label: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    statuses[label] = res.status;
    const text = await res.text();
    statuses[`${label}:echoes`] = Object.values(s).some((v) => text.includes(v)) ? 1 : 0;
  };
  const rpc = (name: string) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: {} } });

  await call("rest key", "/api/v1/analysts", { "x-api-key": s.instituteKey! });
  await call("rest revoked", "/api/v1/analysts", { "x-api-key": s.revokedKey! });
  await call("rest wrong", "/api/v1/analysts?api_key=none", { "x-api-key": s.wrongKey! });
  await call("rest bearer key", "/api/v1/analysts", { authorization: `Bearer ${s.instituteKey}` });
  await call("rest bad url", "/api/v1/analysts/%E0%A4%A", { "x-api-key": s.instituteKey! });
  await call("rest bad authorization", "/api/v1/analysts", { authorization: `Token ${s.instituteKey}` });
  await call("mcp key", "/api/mcp", { "x-api-key": s.instituteKey! }, rpc("analysts_list"));
  await call("mcp key as bearer", "/api/mcp", { authorization: `Bearer ${s.instituteKey}` }, rpc("analysts_list"));
  await call("mcp peer bearer", "/api/mcp", { authorization: `Bearer ${s.peerKey}` }, rpc("analysts_list"));
  await call("mcp peer x-api-key", "/api/mcp", { "x-api-key": s.peerKey! }, rpc("analysts_list"));
  await call("mcp oauth", "/api/mcp", { authorization: `Bearer ${s.oauthGood}` }, rpc("analysts_list"));
  await call("mcp oauth refused", "/api/mcp", { authorization: `Bearer ${s.oauthRefused}` }, rpc("analysts_list"));
  await call("mcp oauth hub down", "/api/mcp", { authorization: `Bearer ${s.oauthHubDown}` }, rpc("analysts_list"));
  await call("mcp oauth as x-api-key", "/api/mcp", { "x-api-key": s.oauthGood! }, rpc("analysts_list"));
  await call("mcp parse error", "/api/mcp", { "x-api-key": s.instituteKey! }, `{"params":"${s.instituteKey}"`);

  // The governor submits to the relay, which calls back signed; then a forged and a replayed callback.
  const running = await governor.start({
    callbackUrl: `${base}/relay/callback`,
    log: app.log.child({ component: "governor" }),
  });
  await running.tick();
  // The tick of the current slot runs once, from start() or from the call above: wait for its submissions.
  for (let i = 0; i < 200 && sim.tasks.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  for (const task of sim.tasks) await sim.complete(task.clientRef);
  await sim.settle();
  await running.applyCallbacks();
  const body = JSON.stringify({ type: "task.completed", task_id: "rt_x", client_ref: "gt_x", result: { tags: [] } });
  s.signature = signatureOf(s.signingSecret!, body).slice("sha256=".length);
  s.forgedSignature = randomBytes(32).toString("hex");
  await call(
    "callback signed",
    "/relay/callback",
    { "x-relay-signature": `sha256=${s.signature}`, "x-relay-delivery": "d-secret" },
    body,
  );
  await call(
    "callback forged",
    "/relay/callback",
    { "x-relay-signature": `sha256=${s.forgedSignature}`, "x-relay-delivery": "d-forged" },
    body,
  );

  // The operator mints and rotates keys on the admin listener: the answers carry them, the logs must not.
  const admin = await buildAdminApp({ config, owner: db.owner, logger: log("gateway-admin") });
  const minted = await admin.inject({
    method: "POST",
    url: "/api/v1/admin/keys",
    headers: { authorization: `Bearer ${s.operatorToken}` },
    payload: { name: "by-admin", scopes: ["analysts:read"] },
  });
  statuses["admin mint"] = minted.statusCode;
  s.adminMinted = minted.json().key;
  const rotated = await admin.inject({
    method: "POST",
    url: `/api/v1/admin/keys/${minted.json().key_id}/rotate`,
    headers: { authorization: `Bearer ${s.operatorToken}` },
    payload: {},
  });
  statuses["admin rotate"] = rotated.statusCode;
  s.adminRotated = rotated.json().key;
  const wrongOperator = await admin.inject({
    method: "GET",
    url: "/api/v1/admin/keys",
    headers: { authorization: `Bearer ${s.wrongKey}x` },
  });
  statuses["admin wrong token"] = wrongOperator.statusCode;
  await call("rest admin-minted key", "/api/v1/analysts", { "x-api-key": s.adminRotated! });
  await usage.flush();

  return {
    db,
    lines,
    secrets: s,
    statuses,
    async close() {
      await admin.close();
      await governor.close();
      await app.close();
      await sim.close();
      await hub.close();
      peers.remove();
      await db.drop();
    },
  };
}
