/**
 * Over the limit: 429 with Retry-After on REST and on the tool endpoint, the bucket refilling on an injected clock,
 * two gateway replicas over one database sharing one budget, and each credential and address kept apart.
 * Policy under test: 60 a minute in bursts of 3 (one request a second, three at once).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mintKey } from "../auth/key-admin.js";
import { fillAnalysts, newKey, writePeersFile } from "../../test/mcp/harness.js";
import { startLimitedGateway, type LimitedGateway } from "../../test/helpers/limited-gateway.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";

let db: TestDatabase;
let one: LimitedGateway;
let two: LimitedGateway;
let peers: ReturnType<typeof writePeersFile>;
const peerKey = newKey("acme");
let now = Date.UTC(2026, 10, 21, 8);

const freshKey = async (scopes = ["analysts:read", "viewer:read"]) =>
  (await mintKey(db.owner, { name: "limited", scopes })).key;
const get = (gw: LimitedGateway, url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  gw.app.inject({ url, headers, remoteAddress });
const mcp = (gw: LimitedGateway, headers: Record<string, string>) =>
  gw.app.inject({
    method: "POST",
    url: "/api/mcp",
    payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    headers: { "content-type": "application/json", ...headers },
  });

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  await fillAnalysts(db);
  peers = writePeersFile([{ id: "acme", keys: [peerKey] }]);
  const env = { RATE_LIMIT_PER_MINUTE: "60", RATE_LIMIT_BURST: "3", PEERS_FILE: peers.file };
  one = await startLimitedGateway(db, { env, now: () => now });
  two = await startLimitedGateway(db, { env, now: () => now });
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await db?.drop();
  peers?.remove();
});

describe("over the limit", () => {
  it("answers REST with 429, Retry-After and an ErrorResponse", async () => {
    const key = await freshKey();
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const res = await get(one, "/api/v1/analysts", { "x-api-key": key });
      expect(res.statusCode).toBe(200);
      remaining.push(res.headers["ratelimit"]);
    }
    expect(remaining).toEqual(['"institute-key";r=2;t=1', '"institute-key";r=1;t=1', '"institute-key";r=0;t=1']);
    const res = await get(one, "/api/v1/analysts", { "x-api-key": key });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.headers["ratelimit-policy"]).toBe('"institute-key";q=3;w=3');
    expect(res.headers["ratelimit"]).toBe('"institute-key";r=0;t=1');
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.json()).toEqual({
      error: "rate limit exceeded: this API key may send 60 requests a minute, in bursts of up to 3; retry after 1 s",
    });
  });

  it("counts a feed token in a URL against its key, like any credential", async () => {
    const token = await freshKey(["feeds:read"]);
    const url = `/api/v1/feeds/daily/feed.atom?token=${token}`;
    for (let i = 0; i < 3; i++) expect((await get(one, url)).statusCode).toBe(200);
    const res = await get(two, url);
    expect(res.statusCode).toBe(429);
    expect(res.headers["ratelimit-policy"]).toBe('"institute-key";q=3;w=3');
    expect(res.json()).toEqual({
      error: "rate limit exceeded: this API key may send 60 requests a minute, in bursts of up to 3; retry after 1 s",
    });
    // Its own budget: another token and the same token in the header of another key are apart.
    expect((await get(one, `/api/v1/feeds/daily/feed.json?token=${await freshKey(["feeds:read"])}`)).statusCode).toBe(
      200,
    );
    expect((await get(one, "/api/v1/feeds/daily/feed.json", { "x-api-key": token })).statusCode).toBe(429);
  });

  it("answers the tool endpoint with 429 and a JSON-RPC error a client may retry", async () => {
    const key = await freshKey();
    for (let i = 0; i < 3; i++) expect((await mcp(one, { "x-api-key": key })).statusCode).toBe(200);
    const res = await mcp(one, { "x-api-key": key });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32003,
        message:
          "rate limit exceeded: this API key may send 60 requests a minute, in bursts of up to 3; retry after 1 s",
        data: { category: "transient", transient: true, code: "resource_exhausted" },
      },
    });
    for (let i = 0; i < 3; i++) await mcp(one, { authorization: `Bearer ${peerKey}` });
    const peer = await mcp(one, { authorization: `Bearer ${peerKey}` });
    expect(peer.statusCode).toBe(429);
    expect(peer.json().error.message).toBe(
      "rate limit exceeded: this peer key may send 60 requests a minute, in bursts of up to 3; retry after 1 s",
    );
  });

  it("counts before the scope: a key out of budget gets 429 even where it would get 403", async () => {
    const key = await freshKey(["reports:read"]);
    for (let i = 0; i < 3; i++) expect((await get(one, "/api/v1/analysts", { "x-api-key": key })).statusCode).toBe(403);
    expect((await get(one, "/api/v1/analysts", { "x-api-key": key })).statusCode).toBe(429);
  });

  it("refills on the clock: one request a second, the whole burst after three", async () => {
    const key = await freshKey();
    for (let i = 0; i < 3; i++) await get(one, "/api/v1/analysts", { "x-api-key": key });
    expect((await get(one, "/api/v1/analysts", { "x-api-key": key })).statusCode).toBe(429);
    now += 999;
    expect((await get(one, "/api/v1/analysts", { "x-api-key": key })).statusCode).toBe(429);
    now += 1;
    const next = await get(one, "/api/v1/analysts", { "x-api-key": key });
    expect(next.statusCode).toBe(200);
    expect(next.headers["ratelimit"]).toBe('"institute-key";r=0;t=1');
    now += 3000;
    expect((await get(one, "/api/v1/analysts", { "x-api-key": key })).headers["ratelimit"]).toBe(
      '"institute-key";r=2;t=1',
    );
  });

  it("shares one budget between two gateway replicas over one database", async () => {
    const key = await freshKey();
    const answers = [];
    for (const gw of [one, two, one, two, one])
      answers.push((await get(gw, "/api/v1/analysts", { "x-api-key": key })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => get(i % 2 ? one : two, "/api/v1/meta", {}, "198.51.100.77")),
    );
    expect(together.filter((r) => r.statusCode === 200)).toHaveLength(3);
  });

  it("keeps every credential and every address apart", async () => {
    const [a, b] = [await freshKey(), await freshKey()];
    for (let i = 0; i < 4; i++) await get(one, "/api/v1/analysts", { "x-api-key": a });
    expect((await get(one, "/api/v1/analysts", { "x-api-key": a })).statusCode).toBe(429);
    expect((await get(two, "/api/v1/analysts", { "x-api-key": b })).headers["ratelimit"]).toBe(
      '"institute-key";r=2;t=1',
    );

    for (let i = 0; i < 3; i++) await get(one, "/api/v1/meta", {}, "198.51.100.1");
    const anonymous = await get(one, "/api/v1/meta", {}, "198.51.100.1");
    expect(anonymous.statusCode).toBe(429);
    expect(anonymous.json().error).toBe(
      "rate limit exceeded: this client address may send 60 requests a minute, in bursts of up to 3; retry after 1 s",
    );
    expect((await get(one, "/api/v1/meta", {}, "198.51.100.2")).statusCode).toBe(200);
    // A spent address still gets its 401 (refusals are not counted), and a key from it has its own budget.
    expect((await get(one, "/api/v1/analysts", {}, "198.51.100.1")).statusCode).toBe(401);
    expect((await get(one, "/api/v1/analysts", { "x-api-key": b }, "198.51.100.1")).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) await get(one, "/api/v1/meta", {}, "2001:db8:1:2::1");
    expect((await get(one, "/api/v1/meta", {}, "2001:db8:1:2:ffff::99")).statusCode).toBe(429);
    expect((await get(one, "/api/v1/meta", {}, "2001:db8:1:3::1")).statusCode).toBe(200);
  });
});
