/**
 * The admin listener: its own fastify instance behind the operator token. Minted keys work on the public listener;
 * no API key, peer key or OAuth token opens it; the public listener knows no admin route; bad payloads are 400s.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../test/helpers/gateway.js";
import { fillAnalysts, newKey, writePeersFile } from "../test/mcp/harness.js";
import { buildAdminApp } from "./admin-app.js";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const token = "operator-token-for-the-tests-0123456789";
const peerKey = newKey("acme");
const lines: string[] = [];
let peers: ReturnType<typeof writePeersFile>;
let gw: TestGateway;
let admin: FastifyInstance;

const asOperator = { authorization: `Bearer ${token}` };
const mint = (payload: unknown, headers: Record<string, string> = asOperator) =>
  admin.inject({ method: "POST", url: "/api/v1/admin/keys", payload: payload as object, headers });
const publicStatus = async (key: string) =>
  (await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": key } })).statusCode;

beforeAll(async () => {
  peers = writePeersFile([{ id: "acme", keys: [peerKey] }]);
  gw = await startTestGateway({
    env: { ADMIN_TOKEN_SHA256: sha256(token), PEERS_FILE: peers.file },
    fill: fillAnalysts,
  });
  admin = await buildAdminApp({
    config: gw.config,
    owner: gw.db.owner,
    logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(async () => {
  await admin?.close();
  await gw?.close();
  peers?.remove();
});

describe("POST /api/v1/admin/keys", () => {
  it("mints a key, shown once, that works on the public listener", async () => {
    const res = await mint({ name: "dashboard", scopes: ["reports:read", "analysts:read"] });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body).toEqual({
      key_id: expect.stringMatching(/^key_[0-9a-f]{12}$/),
      key: expect.stringMatching(/^sk_ins_[A-Za-z0-9_-]{32}$/),
      name: "dashboard",
      scopes: ["analysts:read", "reports:read"],
      created_at: expect.any(Number),
      expires_at: null,
      rotated_from: null,
    });
    expect(await publicStatus(body.key)).toBe(200);
    const { rows } = await gw.db.owner.query("SELECT key_sha256 FROM auth.api_keys WHERE key_id = $1", [body.key_id]);
    expect(rows).toEqual([{ key_sha256: sha256(body.key) }]);
  });

  it("takes expires_at as epoch milliseconds or as the keys command's forms", async () => {
    expect(
      (await mint({ name: "a", scopes: ["analysts:read"], expires_at: Date.UTC(2099, 0, 1) })).json().expires_at,
    ).toBe(Date.UTC(2099, 0, 1));
    expect((await mint({ name: "b", scopes: ["analysts:read"], expires_at: "2099-06-01" })).json().expires_at).toBe(
      Date.UTC(2099, 5, 1),
    );
    const before = Date.now();
    const thirty = (await mint({ name: "c", scopes: ["analysts:read"], expires_at: "30d" })).json().expires_at;
    expect(thirty - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect((await mint({ name: "d", scopes: ["analysts:read"], expires_at: null })).json().expires_at).toBeNull();
  });

  it.each([
    [{ name: "x", scopes: ["nope:read"] }, /^unknown scope: nope:read \(every scope is read-only; known: /],
    [{ name: "x", scopes: ["analysts:write"] }, /^unknown scope: analysts:write \(every scope is read-only/],
    [{ name: "x", scopes: ["admin"] }, /^unknown scope: admin /],
    [{ name: "x", scopes: [] }, /^invalid body field 'scopes': must NOT have fewer than 1 items$/],
    [{ scopes: ["analysts:read"] }, /^missing body field 'name'$/],
    [{ name: "x", scopes: ["analysts:read"], owner: "me" }, /^unknown body field 'owner'$/],
    [{ name: "x", scopes: ["analysts:read"], expires_at: "yesterday" }, /^the expiry must be a duration/],
    [
      { name: "x", scopes: ["analysts:read"], expires_at: "2020-01-01" },
      /^the expiry must be in the future, got 2020-01-01T00:00:00.000Z$/,
    ],
    [{ name: "x", scopes: ["analysts:read"], expires_at: 1000 }, /^the expiry must be in the future/],
    [
      { name: "x", scopes: ["analysts:read"], expires_at: 1.5e15 },
      /^the expiry must be an instant before the year 10000$/,
    ],
    [{ name: "x", scopes: ["analysts:read"], expires_at: true }, /^expires_at must be epoch milliseconds/],
    [{ name: "   ", scopes: ["analysts:read"] }, /^a key needs a --name$/],
  ])("refuses %o with 400", async (payload, error) => {
    const res = await mint(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(error);
  });
});

describe("the operator token", () => {
  it("is the only credential: a missing or wrong token, an API key, a peer key or an OAuth token is 401", async () => {
    const apiKey = await gw.key(["analysts:read", "viewer:read"]);
    const attempts: [Record<string, string>, string, boolean][] = [
      [{}, "missing operator token: send it in Authorization: Bearer", false],
      [{ authorization: "Bearer not-the-token" }, "invalid operator token", true],
      [
        { authorization: `Basic ${Buffer.from(`op:${token}`).toString("base64")}` },
        "missing operator token: send it in Authorization: Bearer",
        false,
      ],
      [
        { "x-api-key": token },
        "missing operator token: send it in Authorization: Bearer (API keys, peer keys and OAuth tokens are not accepted here)",
        false,
      ],
      [
        { "x-api-key": apiKey },
        "missing operator token: send it in Authorization: Bearer (API keys, peer keys and OAuth tokens are not accepted here)",
        false,
      ],
      [{ authorization: `Bearer ${apiKey}` }, "invalid operator token", true],
      [{ authorization: `Bearer ${peerKey}` }, "invalid operator token", true],
      [
        { "x-api-key": peerKey },
        "missing operator token: send it in Authorization: Bearer (API keys, peer keys and OAuth tokens are not accepted here)",
        false,
      ],
      [{ authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.an-oauth-access-token.sig" }, "invalid operator token", true],
    ];
    for (const [headers, error, tokenRefused] of attempts) {
      for (const [method, url] of [
        ["POST", "/api/v1/admin/keys"],
        ["GET", "/api/v1/admin/keys"],
        ["GET", "/api/v1/nowhere"],
      ] as const) {
        const res = await admin.inject({
          method,
          url,
          headers,
          payload: method === "POST" ? { name: "x", scopes: ["analysts:read"] } : undefined,
        });
        expect(res.statusCode, `${JSON.stringify(headers)} ${url}`).toBe(401);
        expect(res.json()).toEqual({ error });
        expect(res.headers["www-authenticate"]).toBe(
          `Bearer realm="institute-admin"${tokenRefused ? ', error="invalid_token"' : ""}`,
        );
      }
    }
    expect((await admin.inject({ url: "/api/v1/nowhere", headers: asOperator })).statusCode).toBe(404);
  });

  it("may not be a peer key's or an institute key's digest", async () => {
    const peerDigest = {
      ...gw.config,
      access: { ...gw.config.access, admin: { ...gw.config.access.admin!, tokenSha256: sha256(peerKey) } },
    };
    await expect(buildAdminApp({ config: peerDigest, owner: gw.db.owner })).rejects.toThrow(
      "ADMIN_TOKEN_SHA256 is a peer key's digest",
    );
    const apiKey = await gw.key(["analysts:read"]);
    const keyDigest = {
      ...gw.config,
      access: { ...gw.config.access, admin: { ...gw.config.access.admin!, tokenSha256: sha256(apiKey) } },
    };
    await expect(buildAdminApp({ config: keyDigest, owner: gw.db.owner })).rejects.toThrow(
      "ADMIN_TOKEN_SHA256 is an institute key's digest",
    );
  });
});

describe("the public listener", () => {
  it("answers the admin route like any unknown path, whatever credential is sent", async () => {
    const apiKey = await gw.key(["analysts:read"]);
    for (const method of ["POST", "GET"] as const) {
      const payload = method === "POST" ? { name: "x", scopes: ["analysts:read"] } : undefined;
      const anonymous = await gw.app.inject({ method, url: "/api/v1/admin/keys", payload });
      expect(anonymous.statusCode).toBe(401);
      const operator = await gw.app.inject({ method, url: "/api/v1/admin/keys", payload, headers: asOperator });
      expect(operator.statusCode).toBe(401);
      const keyed = await gw.app.inject({
        method,
        url: "/api/v1/admin/keys",
        payload,
        headers: { "x-api-key": apiKey },
      });
      expect(keyed.statusCode).toBe(404);
      expect(keyed.json()).toEqual({ error: `no such route: ${method} /api/v1/admin/keys` });
    }
  });
});

describe("list, revoke, rotate", () => {
  it("lists keys without secrets, revokes idempotently, and rotates with an overlap", async () => {
    const minted = (await mint({ name: "feed", scopes: ["analysts:read"] })).json();
    const listed = (await admin.inject({ url: "/api/v1/admin/keys", headers: asOperator })).json();
    expect(listed.count).toBe(listed.keys.length);
    expect(listed.keys.find((k: { key_id: string }) => k.key_id === minted.key_id)).toEqual({
      key_id: minted.key_id,
      name: "feed",
      scopes: ["analysts:read"],
      created_at: minted.created_at,
      expires_at: null,
      revoked_at: null,
      rotated_from: null,
      state: "active",
    });
    expect(JSON.stringify(listed)).not.toContain("sk_ins_");

    const rotated = await admin.inject({
      method: "POST",
      url: `/api/v1/admin/keys/${minted.key_id}/rotate`,
      payload: { overlap_seconds: 3600 },
      headers: asOperator,
    });
    expect(rotated.statusCode).toBe(201);
    const successor = rotated.json();
    expect(successor).toMatchObject({
      name: "feed",
      scopes: ["analysts:read"],
      rotated_from: minted.key_id,
      expires_at: null,
      previous: { key_id: minted.key_id },
    });
    expect(successor.previous.expires_at - successor.created_at).toBe(3_600_000);
    expect([await publicStatus(minted.key), await publicStatus(successor.key)]).toEqual([200, 200]);
    const again = await admin.inject({
      method: "POST",
      url: `/api/v1/admin/keys/${minted.key_id}/rotate`,
      headers: asOperator,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `key ${minted.key_id} was already rotated to ${successor.key_id}: rotate that one`,
    });

    const revoked = await admin.inject({
      method: "DELETE",
      url: `/api/v1/admin/keys/${successor.key_id}`,
      headers: asOperator,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      key_id: successor.key_id,
      state: "revoked",
      revoked_at: expect.any(Number),
    });
    expect(await publicStatus(successor.key)).toBe(401);
    const twice = await admin.inject({
      method: "DELETE",
      url: `/api/v1/admin/keys/${successor.key_id}`,
      headers: asOperator,
    });
    expect(twice.json().revoked_at).toBe(revoked.json().revoked_at);
    expect(
      (await admin.inject({ method: "DELETE", url: "/api/v1/admin/keys/key_nope", headers: asOperator })).statusCode,
    ).toBe(404);
    expect((await admin.inject({ url: "/api/v1/admin/keys/key_nope", headers: asOperator })).json()).toEqual({
      error: "no key key_nope",
    });
    expect(
      (await admin.inject({ method: "POST", url: "/api/v1/admin/keys/key_nope/rotate", headers: asOperator }))
        .statusCode,
    ).toBe(404);
    const badOverlap = await admin.inject({
      method: "POST",
      url: `/api/v1/admin/keys/${minted.key_id}/rotate`,
      payload: { overlap_seconds: -1 },
      headers: asOperator,
    });
    expect(badOverlap.statusCode).toBe(400);
  });

  it("writes an audit row for every mint, revoke and rotation, by admin-api from the client address", async () => {
    const { rows } = await gw.db.owner.query(
      "SELECT DISTINCT actor, action, address FROM audit.events WHERE actor = 'admin-api' ORDER BY action",
    );
    expect(rows).toEqual([
      { actor: "admin-api", action: "key.mint", address: "127.0.0.1" },
      { actor: "admin-api", action: "key.revoke", address: "127.0.0.1" },
      { actor: "admin-api", action: "key.rotate", address: "127.0.0.1" },
    ]);
  });

  it("logs every action without a key or the operator token", () => {
    const log = lines.join("");
    expect(log).toContain('"admin":"mint"');
    expect(log).toContain('"admin":"rotate"');
    expect(log).toContain('"admin":"revoke"');
    expect(log).not.toContain("sk_ins_");
    expect(log).not.toContain(token);
    expect(log).not.toContain(peerKey);
  });
});
