import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../test/helpers/gateway.js";

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  key = await gw.key(["analysts:read"]);
});
afterAll(() => gw?.close());

describe("edge filter", () => {
  it("refuses the default Python-urllib User-Agent with a bodiless 403 before authentication", async () => {
    for (const url of ["/api/v1/meta", "/api/v1/analysts", "/nowhere"]) {
      const res = await gw.app.inject({ url, headers: { "user-agent": "Python-urllib/3.11", "x-api-key": key } });
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe("");
    }
  });

  it("lets every other User-Agent through", async () => {
    for (const agent of [
      "python-requests/2.32",
      "curl/8.5.0",
      "Mozilla/5.0 Python-urllib/3.11",
      "python-urllib/3.11",
    ]) {
      const res = await gw.app.inject({ url: "/api/v1/meta", headers: { "user-agent": agent } });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("authentication before routing", () => {
  it("answers 401 with an ErrorResponse on gated and unknown paths alike", async () => {
    for (const url of ["/api/v1/analysts", "/api/v1/no-such-thing", "/api/v1/meta/extra"]) {
      const res = await gw.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
    }
    // Off the REST surface any credential of spec §5.2 counts, and the 401 carries the Bearer challenge.
    for (const url of ["/mcp", "/"]) {
      const res = await gw.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer realm="[^"]+", resource_metadata="[^"]+"$/);
      expect(res.json().error).toMatch(/^missing credential/);
    }
  });

  it("refuses an invalid key with 401", async () => {
    for (const bad of ["sk_ins_not-a-real-key", "nonsense", key.slice(0, -1)]) {
      const res = await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": bad } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "invalid API key" });
    }
  });

  it("with a valid key, answers 404 for an unknown path and 405 with Allow for a wrong method", async () => {
    const missing = await gw.app.inject({ url: "/api/v1/no-such-thing", headers: { "x-api-key": key } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "no such route: GET /api/v1/no-such-thing" });
    const wrong = await gw.app.inject({ method: "DELETE", url: "/api/v1/meta", headers: { "x-api-key": key } });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe("GET, HEAD");
    expect(wrong.json()).toEqual({ error: "method DELETE not allowed on /api/v1/meta" });
  });

  it("answers 403 naming the missing scope, the required one and those granted", async () => {
    const narrow = await gw.key(["reports:read", "analysts:read"]);
    const res = await gw.app.inject({ url: "/api/v1/whiteboard/threads", headers: { "x-api-key": narrow } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: "missing scope: whiteboard:read",
      required: "whiteboard:read",
      granted: ["analysts:read", "reports:read"],
    });
  });

  it("refuses a revoked key", async () => {
    const { revokeKey, mintKey } = await import("./auth/key-admin.js");
    const minted = await mintKey(gw.db.owner, { name: "short-lived", scopes: ["analysts:read"] });
    expect(
      (await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": minted.key } })).statusCode,
    ).not.toBe(401);
    expect(await revokeKey(gw.db.owner, minted.keyId)).toBe(true);
    expect((await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": minted.key } })).statusCode).toBe(
      401,
    );
  });
});

describe("GET /api/v1/meta", () => {
  it("is public and reports the configuration", async () => {
    const res = await gw.app.inject({ url: "/api/v1/meta" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.json()).toEqual({
      project: {
        name: "Institute Research Publishing",
        description: "Read-only publication of the institute's research output.",
        color: "#1f4e79",
      },
      // The built-in embedder and the (empty) vector index are ready: search is enabled.
      search_enabled: true,
      storage: { d1: true, kv: false, r2: true, vectorize: true },
      api_version: "1.0.0",
    });
  });
});
