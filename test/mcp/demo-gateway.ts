/**
 * The gateway over the demo dataset for the agent-facing tests (resources, prompts, completion): a fixed clock, a
 * peers file with a plain and a coverage party, a stand-in identity hub answering for a viewer and a narrow OAuth
 * identity, and the official SDK client connected with any of these credentials.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { seedDemoData } from "../../demo-data/index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { startFakeUserinfo, type FakeUserinfo } from "../identity-hub/fake-userinfo.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { newKey, writePeersFile } from "./harness.js";

/** 18:00 in Singapore on Friday 2026-11-20: the demo dataset's "today". */
export const AS_OF = Date.parse("2026-11-20T10:00:00Z");
export const TODAY = "2026-11-20";

export interface DemoGateway {
  gw: TestGateway;
  base: string;
  /** Credentials by kind, as request headers. */
  creds: Record<
    "viewer" | "whiteboard" | "analysts" | "rest" | "peer" | "coverage" | "oauthViewer" | "oauthNarrow",
    Record<string, string>
  >;
  connect(headers: Record<string, string>): Promise<Client>;
  /** One JSON-RPC request over fetch: the raw error objects, for exact comparisons. */
  rpc(method: string, params: unknown, headers: Record<string, string>): Promise<any>;
  first<T>(sql: string): Promise<T>;
  close(): Promise<void>;
}

export async function startDemoGateway(): Promise<DemoGateway> {
  const peerKey = newKey("plain");
  const coverageKey = newKey("cov");
  const peers = writePeersFile([
    { id: "desk-plain", keys: [peerKey] },
    { id: "desk-coverage", keys: [coverageKey], coverage: true },
  ]);
  const hub: FakeUserinfo = await startFakeUserinfo({
    "tok-viewer": { status: 200, body: { sub: "reader-1", scope: "openid viewer:read" } },
    "tok-narrow": { status: 200, body: { sub: "reader-2", scope: "openid whiteboard:read" } },
  });
  const gw = await startTestGateway({
    now: () => AS_OF,
    env: { PEERS_FILE: peers.file, AUTH_URL: hub.base, OAUTH_DEFAULT_SCOPES: "viewer:read,whiteboard:read" },
    fill: async (db) => {
      await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF });
      await embedPending(db.owner, createHashedNgramEmbedder());
    },
  });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`;
  const creds: DemoGateway["creds"] = {
    viewer: { "x-api-key": await gw.key(["viewer:read"]) },
    whiteboard: { "x-api-key": await gw.key(["whiteboard:read"]) },
    analysts: { "x-api-key": await gw.key(["analysts:read"]) },
    rest: { "x-api-key": await gw.key(["reports:read", "whiteboard:read", "portfolios:read"]) },
    peer: { authorization: `Bearer ${peerKey}` },
    coverage: { authorization: `Bearer ${coverageKey}` },
    oauthViewer: { authorization: "Bearer tok-viewer" },
    oauthNarrow: { authorization: "Bearer tok-narrow" },
  };
  let nextId = 1;
  return {
    gw,
    base,
    creds,
    async connect(headers) {
      const client = new Client({ name: "agent-surface-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers } }));
      return client;
    },
    async rpc(method, params, headers) {
      const res = await fetch(`${base}/api/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
      });
      return { status: res.status, ...((await res.json()) as object) };
    },
    async first<T>(sql: string) {
      const { rows } = await gw.db.owner.query(sql);
      if (!rows[0]) throw new Error(`the demo dataset has no row for: ${sql}`);
      return rows[0] as T;
    },
    async close() {
      await gw.close();
      await hub.close();
      peers.remove();
    },
  };
}
