/**
 * The rate limit step on every kind of route of the public surface: which requests are counted against what, the
 * headers they carry, what is exempt, and that the limiter fails open.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mintKey } from "../auth/key-admin.js";
import { fillAnalysts, newKey, writePeersFile } from "../../test/mcp/harness.js";
import { startLimitedGateway, type LimitedGateway } from "../../test/helpers/limited-gateway.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";

let db: TestDatabase;
let gw: LimitedGateway;
let peers: ReturnType<typeof writePeersFile>;
const peerKey = newKey("acme");
let key: string;
let narrow: string;

const rpc = (method: string) => JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: {} });
const INSTITUTE = /^"institute-key";r=\d+;t=1$/;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  await fillAnalysts(db);
  peers = writePeersFile([{ id: "acme", keys: [peerKey] }]);
  gw = await startLimitedGateway(db, { env: { PEERS_FILE: peers.file } });
  key = (await mintKey(db.owner, { name: "all", scopes: ["analysts:read", "whiteboard:read", "viewer:read"] })).key;
  narrow = (await mintKey(db.owner, { name: "narrow", scopes: ["analysts:read"] })).key;
});
afterAll(async () => {
  await gw?.close();
  await db?.drop();
  peers?.remove();
});

describe("RateLimit headers on the public surface", () => {
  it("count a keyed request against its key, whatever the answer past authentication", async () => {
    const cases: [string, string, string, number][] = [
      ["GET", "/api/v1/analysts", key, 200],
      ["GET", "/api/v1/whiteboard/threads", narrow, 403],
      ["GET", "/api/v1/whiteboard/threads?limit=0", key, 400],
      ["GET", "/api/v1/no-such-thing", key, 404],
      ["DELETE", "/api/v1/analysts", key, 405],
      ["GET", "/mcp", key, 404],
      ["GET", "/api/v1/admin/keys", key, 404],
    ];
    for (const [method, url, credential, status] of cases) {
      const res = await gw.app.inject({ method: method as "GET", url, headers: { "x-api-key": credential } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers["ratelimit-policy"], url).toBe('"institute-key";q=600;w=60');
      expect(res.headers["ratelimit"], url).toMatch(INSTITUTE);
    }
  });

  it("count down one per request of a key", async () => {
    const own = (await mintKey(db.owner, { name: "countdown", scopes: ["analysts:read"] })).key;
    const seen = [];
    for (let i = 0; i < 3; i++)
      seen.push((await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": own } })).headers["ratelimit"]);
    expect(seen.map((h) => Number(/r=(\d+)/.exec(String(h))![1]))).toEqual([599, 598, 597]);
  });

  it("count the tool endpoint against the institute key, the peer party or the identity", async () => {
    const body = rpc("tools/list");
    const headers = { "content-type": "application/json" };
    const keyed = await gw.app.inject({
      method: "POST",
      url: "/api/mcp",
      payload: body,
      headers: { ...headers, "x-api-key": key },
    });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers["ratelimit"]).toMatch(INSTITUTE);
    const peer = await gw.app.inject({
      method: "POST",
      url: "/api/mcp",
      payload: body,
      headers: { ...headers, authorization: `Bearer ${peerKey}` },
    });
    expect(peer.statusCode).toBe(200);
    expect(peer.headers["ratelimit-policy"]).toBe('"peer";q=600;w=60');
    expect(peer.headers["ratelimit"]).toBe('"peer";r=599;t=1');
  });

  it("count the public routes against the client address", async () => {
    for (const url of [
      "/api/v1/meta",
      "/api/contract",
      "/api/openapi.json",
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/api/mcp",
    ]) {
      const res = await gw.app.inject({ url, remoteAddress: "192.0.2.10" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["ratelimit-policy"], url).toBe('"anonymous";q=600;w=60');
      expect(res.headers["ratelimit"], url).toMatch(/^"anonymous";r=\d+;t=1$/);
    }
  });

  it("leave out what authentication or the edge refused", async () => {
    const refused = [
      await gw.app.inject({ url: "/api/v1/analysts" }),
      await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": "sk_ins_nope" } }),
      await gw.app.inject({
        method: "POST",
        url: "/api/mcp",
        payload: rpc("tools/list"),
        headers: { "content-type": "application/json" },
      }),
      await gw.app.inject({ url: "/api/v1/meta", headers: { "user-agent": "Python-urllib/3.12" } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401, 403]);
    for (const res of refused) expect(res.headers["ratelimit"]).toBeUndefined();
  });

  it("let browsers read them on the tool endpoint and the discovery documents", async () => {
    const res = await gw.app.inject({ url: "/api/contract", headers: { origin: "https://elsewhere.example" } });
    expect(res.headers["access-control-expose-headers"]).toContain("RateLimit-Policy, RateLimit, Retry-After");
  });

  it("are published in the contract", async () => {
    const contract = (await gw.app.inject({ url: "/api/contract" })).json();
    expect(contract.limits.request_rate.headers.draft).toBe("draft-ietf-httpapi-ratelimit-headers-11");
    expect(contract.limits.request_rate.partitions.api_key).toEqual({
      policy: '"institute-key";q=600;w=60',
      per_minute: 600,
      burst: 600,
    });
  });
});

describe("exemptions and failures", () => {
  it("never limit the relay callback, which its signature authenticates", async () => {
    const relay = await startLimitedGateway(db, {
      env: { RATE_LIMIT_PER_MINUTE: "1", RATE_LIMIT_BURST: "1" },
      relayCallbacks: {
        inbox: { record: async () => "untracked" },
        relayName: "Relay",
        signingSecret: "a-secret-of-sixteen+",
      },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await relay.app.inject({
          method: "POST",
          url: "/relay/callback",
          payload: "{}",
          remoteAddress: "192.0.2.20",
        });
        expect(res.statusCode).toBe(401);
        expect(res.headers["ratelimit"]).toBeUndefined();
      }
      // The address was not charged for them.
      expect((await relay.app.inject({ url: "/api/v1/meta", remoteAddress: "192.0.2.20" })).headers["ratelimit"]).toBe(
        '"anonymous";r=0;t=60',
      );
    } finally {
      await relay.close();
    }
  });

  it("count a proxied client by its forwarded address only when TRUST_PROXY names the proxy", async () => {
    const env = { RATE_LIMIT_PER_MINUTE: "1", RATE_LIMIT_BURST: "1" };
    const behind = await startLimitedGateway(db, { env: { ...env, TRUST_PROXY: "10.0.0.5" } });
    try {
      const via = (client: string, proxy = "10.0.0.5") =>
        behind.app.inject({ url: "/api/v1/meta", remoteAddress: proxy, headers: { "x-forwarded-for": client } });
      expect((await via("203.0.113.1")).statusCode).toBe(200);
      expect((await via("203.0.113.1")).statusCode).toBe(429);
      expect((await via("203.0.113.2")).statusCode).toBe(200);
      // An untrusted peer cannot pick its own bucket by sending the header.
      expect((await via("203.0.113.3", "10.0.0.6")).statusCode).toBe(200);
      expect((await via("203.0.113.4", "10.0.0.6")).statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });

  it("serve unlimited, without headers, while the bucket store does not answer", async () => {
    const broken = await startLimitedGateway(db, {
      store: { take: () => Promise.reject(new Error("connection refused")), sweep: async () => 0 },
    });
    try {
      const res = await broken.app.inject({ url: "/api/v1/meta" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["ratelimit"]).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});
