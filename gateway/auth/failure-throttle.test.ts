/**
 * Failed authentication costs nothing: a flood of random keys neither evicts a live key from the cache nor reaches
 * the database once its address has spent its failures, while a valid key from the same address keeps being served.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { createApiKeyResolver } from "./api-keys.js";
import { mintKey, revokeKey } from "./key-admin.js";

const randomKey = () => `sk_ins_${randomBytes(24).toString("base64url")}`;

describe("the failed-authentication throttle", () => {
  let clock = 1_800_000_000_000;
  let gw: TestGateway;
  let key: string;
  const get = (apiKey: string, remoteAddress = "203.0.113.7", url = "/api/v1/analysts") =>
    gw.app.inject({ method: "GET", url, headers: { "x-api-key": apiKey }, remoteAddress });

  beforeAll(async () => {
    gw = await startTestGateway({
      now: () => clock,
      env: {
        AUTH_FAILURE_PER_MINUTE: "60",
        AUTH_FAILURE_BURST: "5",
        AUTH_FAILURE_HOLD_MS: "0",
        KEY_CACHE_SECONDS: "10",
        RATE_LIMIT_ENABLED: "false",
      },
    });
    key = await gw.key(["analysts:read"]);
  });
  afterAll(() => gw.close());

  it("lets an address's first failures see their 401s, then answers 429 with Retry-After before any look-up", async () => {
    expect((await get(key)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(randomKey())).statusCode).toBe(401);
    const cut = await get(randomKey());
    expect(cut.statusCode).toBe(429);
    expect(cut.headers["retry-after"]).toBe("1");
    expect(cut.json()).toEqual({ error: "too many failed authentications from this address: retry after 1 s" });
  });

  it("keeps serving a valid key the gateway knows, from the same address, even once its cached answer is stale", async () => {
    expect((await get(key)).statusCode).toBe(200);
    clock += 60_000;
    // A minute on, the address's bucket has refilled too: spend it again, then present the known key.
    for (let i = 0; i < 5; i++) await get(randomKey());
    expect((await get(randomKey())).statusCode).toBe(429);
    expect((await get(key)).statusCode).toBe(200);
  });

  it("holds back a key this gateway has never seen while the address is throttled", async () => {
    const fresh = await gw.key(["analysts:read"]);
    expect((await get(fresh)).statusCode).toBe(429);
    expect((await get(fresh, "198.51.100.1")).statusCode).toBe(200);
  });

  it("counts look-ups still in flight: a concurrent burst of random keys gets exactly the bucket's 401s", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(randomKey(), "198.51.100.99")));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(35).fill(429)]);
  });

  it("counts failures per address, refills with time, and covers the tool endpoint", async () => {
    expect((await get(randomKey(), "192.0.2.44")).statusCode).toBe(401);
    const tool = await gw.app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { authorization: `Bearer ${randomBytes(16).toString("hex")}`, "content-type": "application/json" },
      payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      remoteAddress: "203.0.113.7",
    });
    expect(tool.statusCode).toBe(429);
    clock += 1_000;
    expect((await get(randomKey())).statusCode).toBe(401);
    expect((await get(randomKey())).statusCode).toBe(429);
  });
});

describe("the hold on a throttled address's 429", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({
      env: { AUTH_FAILURE_PER_MINUTE: "60", AUTH_FAILURE_BURST: "1", AUTH_FAILURE_HOLD_MS: "300" },
    });
  });
  afterAll(() => gw.close());

  it("answers the 429 only after the hold, while a valid key from the same address is answered at once", async () => {
    const key = await gw.key(["analysts:read"]);
    const get = (apiKey: string) =>
      gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": apiKey }, remoteAddress: "192.0.2.9" });
    expect((await get(key)).statusCode).toBe(200);
    expect((await get(randomKey())).statusCode).toBe(401);
    const order: string[] = [];
    const [held, served] = await Promise.all([
      get(randomKey()).then((r) => (order.push("throttled"), r)),
      get(key).then((r) => (order.push("valid"), r)),
    ]);
    expect(order).toEqual(["valid", "throttled"]);
    expect(served.statusCode).toBe(200);
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBe("1");
  });
});

describe("the API key cache under a flood of random keys", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it("keeps a live key through the flood: refusals churn only among themselves", async () => {
    const clock = 0;
    const resolver = createApiKeyResolver(gw.db.reader, {
      cacheSeconds: 3600,
      now: () => clock,
      validLimit: 5,
      refusedLimit: 50,
    });
    const minted = await mintKey(gw.db.owner, { name: "live", scopes: ["analysts:read"] });
    expect((await resolver.resolve(minted.key))?.keyId).toBe(minted.keyId);
    for (let i = 0; i < 300; i++) expect(await resolver.resolve(randomKey())).toBeUndefined();
    // Revoked in the database: a cache that still holds the key answers from memory, which is what shows it kept it.
    await revokeKey(gw.db.owner, minted.keyId, Date.now());
    expect((await resolver.resolve(minted.key))?.keyId).toBe(minted.keyId);
    expect(resolver.known(minted.key)).toBe(true);
    expect(resolver.known(randomKey())).toBe(false);
  });

  it("remembers a valid key only while its look-up is fresh, and never past its expiry", async () => {
    let at = 1_900_000_000_000;
    const resolver = createApiKeyResolver(gw.db.reader, { cacheSeconds: 10, now: () => at });
    const minted = await mintKey(gw.db.owner, {
      name: "remembered",
      scopes: ["analysts:read"],
      expiresAt: at + 60_000,
    });
    expect(resolver.remembered(minted.key)).toBeUndefined();
    expect((await resolver.resolve(minted.key))?.keyId).toBe(minted.keyId);
    expect(resolver.remembered(minted.key)?.keyId).toBe(minted.keyId);
    expect(resolver.remembered(randomKey())).toBeUndefined();
    at += 10_000;
    expect(resolver.remembered(minted.key)).toBeUndefined();
    expect((await resolver.resolve(minted.key))?.keyId).toBe(minted.keyId);
    at += 50_000;
    expect(resolver.remembered(minted.key)).toBeUndefined();
  });
});
