/** Spec §5.2 over real HTTP: the three credential kinds on /api/mcp, their refusals, and REST staying institute-only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUserinfo, type FakeUserinfo } from "../identity-hub/fake-userinfo.js";
import { newKey, startLiveGateway, writePeersFile, type LiveGateway } from "./harness.js";

const kCov = newKey("cov");
const kPlain = newKey("plain");
const kOther = newKey("other");
const kShared = newKey("shared");

let gw: LiveGateway;
let hub: FakeUserinfo;
let peers: { file: string; remove(): void };
let viewerKey: string;

beforeAll(async () => {
  hub = await startFakeUserinfo({
    "tok-good": { status: 200, body: { sub: "user-1", email: "u1@example.org" } },
    "tok-narrow": { status: 200, body: { sub: "user-2", scope: "openid analysts:read" } },
    "tok-none": { status: 200, body: { sub: "user-3", scope: "openid" } },
    "tok-broken": { status: 500 },
    "tok-nosub": { status: 200, body: { name: "no subject" } },
  });
  peers = writePeersFile(
    [
      { id: "p-cov", keys: [kCov], coverage: true },
      { id: "p-plain", keys: [kPlain, kShared] },
      { id: "p-other", keys: [kShared, kOther] },
    ],
    ["p-plain"],
  );
  gw = await startLiveGateway({
    env: {
      PEERS_FILE: peers.file,
      AUTH_URL: hub.base,
      OAUTH_DEFAULT_SCOPES: "viewer:read,analysts:read",
      OAUTH_CACHE_SECONDS: "60",
    },
  });
  viewerKey = await gw.key(["viewer:read"]);
});
afterAll(async () => {
  await gw?.close();
  await hub?.close();
  peers?.remove();
});

const call = (headers: Record<string, string>) =>
  gw.rpc("tools/call", { name: "analysts_list", arguments: {} }, headers);

describe("without a credential", () => {
  it("answers 401 with the Bearer challenge naming the resource metadata, on /api/mcp and on unknown paths", async () => {
    for (const [method, path] of [
      ["POST", "/api/mcp"],
      ["GET", "/api/mcp"],
      ["GET", "/mcp"],
      ["POST", "/nowhere"],
    ] as const) {
      const res = await fetch(`${gw.base}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, path).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(
        `Bearer realm="institute-research", resource_metadata="${gw.base}/.well-known/oauth-protected-resource"`,
      );
      expect(((await res.json()) as any).error).toMatch(/^missing credential/);
    }
  });

  it("lists nothing: tools/list is refused with the same 401", async () => {
    const res = await gw.rpc("tools/list", {}, {});
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain("analysts_list");
  });

  it("serves RFC 9728 metadata at both addresses, publicly", async () => {
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/api/mcp"]) {
      const res = await fetch(`${gw.base}${path}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body).toMatchObject({
        resource: `${gw.base}/api/mcp`,
        authorization_servers: [hub.base],
        bearer_methods_supported: ["header"],
      });
      expect(body.scopes_supported).toEqual(
        expect.arrayContaining(["viewer:read", "analysts:read", "sessions:read", "mailbox:read", "events:read"]),
      );
    }
  });
});

describe("institute API keys", () => {
  it("call tools from X-API-Key; the result carries structuredContent and the same JSON as text", async () => {
    const res = await call({ "x-api-key": viewerKey });
    expect(res.status).toBe(200);
    const { structuredContent, content, isError } = res.body.result;
    expect(isError).toBe(false);
    expect(structuredContent.count).toBe(2);
    expect(JSON.parse(content[0].text)).toEqual(structuredContent);
  });

  it("are never accepted as a bearer token, and never sent to the identity hub", async () => {
    const before = hub.calls.length;
    const res = await call({ authorization: `Bearer ${viewerKey}` });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(hub.calls.length).toBe(before);
  });
});

describe("peer keys", () => {
  it("work in Authorization: Bearer and in X-API-Key, and satisfy the tool's scope", async () => {
    for (const headers of [
      { authorization: `Bearer ${kPlain}` },
      { "x-api-key": kPlain },
      { "x-api-key": kOther },
      { authorization: `Bearer ${kCov}` },
    ] as Record<string, string>[]) {
      const res = await call(headers);
      expect(res.status).toBe(200);
      expect(res.body.result.structuredContent.count).toBe(2);
    }
  });

  it("refuse a digest listed for two parties with ambiguous_key, every time, while the parties' other keys work", async () => {
    for (let i = 0; i < 3; i++) {
      for (const headers of [{ authorization: `Bearer ${kShared}` }, { "x-api-key": kShared }] as Record<
        string,
        string
      >[]) {
        const res = await call(headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: "ambiguous_key" });
      }
    }
    expect((await call({ "x-api-key": kPlain })).status).toBe(200);
    expect((await call({ "x-api-key": kOther })).status).toBe(200);
  });

  it("refuse an unknown key without asking the identity hub when it came in X-API-Key", async () => {
    const before = hub.calls.length;
    const res = await call({ "x-api-key": newKey("stranger") });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid API key" });
    expect(hub.calls.length).toBe(before);
  });
});

describe("OAuth access tokens", () => {
  it("resolve with one upstream GET to the identity path, cached under the token's digest", async () => {
    const before = hub.calls.filter((c) => c.token === "tok-good").length;
    for (let i = 0; i < 4; i++) expect((await call({ authorization: "Bearer tok-good" })).status).toBe(200);
    const calls = hub.calls.filter((c) => c.token === "tok-good");
    expect(calls.length - before).toBe(1);
    expect(calls.every((c) => c.method === "GET" && c.path === "/oauth/userinfo")).toBe(true);
  });

  it("hold OAUTH_DEFAULT_SCOPES narrowed by the hub's scope claim", async () => {
    expect((await call({ authorization: "Bearer tok-narrow" })).body.result.structuredContent.count).toBe(2);
    const none = await gw.rpc("tools/list", {}, { authorization: "Bearer tok-none" });
    expect(none.status).toBe(200);
    expect(none.body.error).toMatchObject({
      code: -32001,
      data: { category: "auth", transient: false, code: "missing_scope" },
    });
    expect(none.body.result).toBeUndefined();
  });

  it("refuse a token the hub refuses, or that resolves to no subject, with invalid_token", async () => {
    for (const token of ["tok-unknown", "tok-nosub"]) {
      const res = await call({ authorization: `Bearer ${token}` });
      expect([401, 503]).toContain(res.status);
    }
    const refused = await call({ authorization: "Bearer tok-unknown" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("answer 503 with Retry-After while the hub fails, and ask again next time (outages are not cached)", async () => {
    const before = hub.calls.filter((c) => c.token === "tok-broken").length;
    for (let i = 0; i < 2; i++) {
      const res = await call({ authorization: "Bearer tok-broken" });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
    }
    expect(hub.calls.filter((c) => c.token === "tok-broken").length - before).toBe(2);
  });
});

describe("routing with a valid credential (spec §5.2 rule 5)", () => {
  it("answers 404 for /mcp and unknown paths, 405 with Allow: POST for other methods on /api/mcp", async () => {
    for (const headers of [
      { "x-api-key": viewerKey },
      { authorization: `Bearer ${kPlain}` },
      { authorization: "Bearer tok-good" },
    ]) {
      for (const path of ["/mcp", "/nowhere", "/api/mcp/extra"]) {
        expect((await fetch(`${gw.base}${path}`, { method: "POST", headers })).status, path).toBe(404);
      }
      for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
        const res = await fetch(gw.url, { method, headers });
        expect(res.status, method).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
      }
    }
  });
});

describe("REST accepts institute keys only (DESIGN §9)", () => {
  it("classifies the surface by the routed path, so a percent-encoded REST path is still REST", async () => {
    for (const path of ["/api/v%31/analysts", "/api/%76%31/analysts", "/api/v1/%61nalysts"]) {
      const res = await fetch(`${gw.base}${path}`, { headers: { "x-api-key": kPlain } });
      expect(res.status, path).toBe(401);
    }
  });

  it("refuses peer keys and OAuth tokens, including on unknown REST paths", async () => {
    const analystsKey = await gw.key(["analysts:read"]);
    expect((await fetch(`${gw.base}/api/v1/analysts`, { headers: { "x-api-key": analystsKey } })).status).toBe(200);
    for (const headers of [
      { "x-api-key": kPlain },
      { authorization: `Bearer ${kPlain}` },
      { authorization: "Bearer tok-good" },
    ]) {
      for (const path of ["/api/v1/analysts", "/api/v1/nowhere"]) {
        const res = await fetch(`${gw.base}${path}`, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        // RFC 9110: a 401 names how to authenticate; on REST an API key in its header, never OAuth discovery.
        expect(res.headers.get("www-authenticate")).toBe('ApiKey realm="institute-research", header="X-API-Key"');
      }
    }
  });
});
