/**
 * No route outside the documented surface answers, so nothing on the public port escapes the contract and its scopes:
 * the routes the public gateway registers, read from fastify itself (printRoutes), are exactly the spec's (§4.1 REST,
 * §4.2 discovery, §4.3 the tool endpoint) plus the documented extras (the OpenAPI document, the path form of the
 * resource metadata, the relay callback receiver); HEAD only where GET is. Anything else is 401 without a credential
 * and 404 with one, and admin, health and metrics routes live on other listeners, never on this one.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { composeAllInOne } from "../../app/all-in-one.js";
import { loadConfig } from "../../lib/config/config.js";
import { createCallbackInbox } from "../../governor/callbacks/inbox-store.js";
import { inject } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

/** The spec's surface (§4.1, §4.2, §4.3), in its own words. */
const SPEC = [
  "GET /api/v1/meta",
  "GET /api/v1/analysts",
  "GET /api/v1/analysts/{analystId}",
  "GET /api/v1/whiteboard/threads",
  "GET /api/v1/whiteboard/threads/{boardId}",
  "GET /api/v1/whiteboard/cards/{cardId}/report",
  "GET /api/v1/whiteboard/topic-pool",
  "GET /api/v1/whiteboard/similarity-log",
  "GET /api/v1/reports/fleet-health/latest",
  "GET /api/v1/reports/daily/{date}",
  "GET /api/v1/reports/weekly/{date}",
  "GET /api/v1/reports/weekly/{date}/{analystId}",
  "GET /api/v1/latest",
  "GET /api/v1/portfolios/leaderboard",
  "GET /api/v1/portfolios/{portfolioId}/metrics",
  "POST /api/v1/search",
  "GET /api/v1/factcards",
  "GET /api/v1/factcards/{factCardId}",
  "GET /api/v1/factcards/{factCardId}/similar",
  "GET /api/v1/data/{date}/topics",
  "GET /api/v1/data/{date}/{topic}",
  "GET /.well-known/oauth-protected-resource",
  "GET /api/contract",
  "POST /api/mcp",
];
/** REST routes added beside the spec's (README "Beyond the spec"), in the OpenAPI document and the contract like them. */
const REST_EXTRAS = [
  "GET /api/v1/portfolios/{portfolioId}/series",
  "GET /api/v1/portfolios/{portfolioId}/tear-sheet",
  "GET /api/v1/portfolios/{portfolioId}/chart.svg",
  "GET /api/v1/portfolios/leaderboard/chart.svg",
  "GET /api/v1/feeds/daily/feed.atom",
  "GET /api/v1/feeds/daily/feed.json",
  "GET /api/v1/feeds/weekly/{analystId}/feed.atom",
  "GET /api/v1/feeds/weekly/{analystId}/feed.json",
  "GET /api/v1/changes",
];
/** Documented beyond the spec: README (the tool endpoint, the contract), docs/relay-wire-format.md. */
const EXTRAS = [
  "GET /api/openapi.json",
  "GET /.well-known/oauth-protected-resource/api/mcp",
  "POST /relay/callback",
  // The API reference page and its assets (README "Beyond the spec").
  "GET /docs",
  "GET /docs/{asset}",
  ...REST_EXTRAS,
];

/** Every "METHOD /path" of fastify's route tree (printRoutes with commonPrefix off), parameters in OpenAPI form. */
function routesOf(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const at = line.indexOf("── ");
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3))!;
    stack.length = depth;
    stack.push(m[1]!);
    for (const method of m[2]?.split(", ") ?? [])
      routes.push(`${method} ${stack.join("").replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`);
  }
  return routes.sort();
}

let db: TestDatabase;
let app: FastifyInstance;
let key: string;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "surface");
  key = (await mintKey(db.owner, { name: "surface", scopes: [...ALL_SCOPES] })).key;
  // As npm start builds it: the relay receiver mounted, the admin listener configured (it must stay off this app).
  const config = loadConfig({
    LOG_LEVEL: "silent",
    ADMIN_TOKEN_SHA256: createHash("sha256").update("operator").digest("hex"),
  });
  ({ app } = await composeAllInOne({
    config,
    db,
    relayCallbacks: { inbox: createCallbackInbox({ db: db.owner }), relayName: "Relay", signingSecret: "s".repeat(32) },
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe("the public surface", () => {
  it("is exactly the spec's routes and the documented extras, HEAD only beside GET", () => {
    const registered = routesOf(app);
    const documented = [...SPEC, ...EXTRAS];
    const expected = [
      ...documented,
      ...documented.filter((r) => r.startsWith("GET ")).map((r) => r.replace(/^GET/, "HEAD")),
    ].sort();
    expect(registered).toEqual(expected);
  });

  it("publishes the same REST routes in its contract", async () => {
    const contract = (await app.inject({ url: "/api/contract" })).json() as {
      rest: Array<{ method: string; path: string }>;
    };
    expect(contract.rest.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [...SPEC.filter((r) => r.includes("/api/v1/")), ...REST_EXTRAS].sort(),
    );
  });

  it.each([
    "/mcp",
    "/api/v1/admin/keys",
    "/api/v2/analysts",
    "/api/v1",
    "/api/v1/",
    "/api/v1/analysts/a/b",
    "/metrics",
    "/healthz",
    "/readyz",
    "/health",
    "/api/v1/reports",
    "/.well-known/openid-configuration",
    "/relay",
    "/api/mcp/x",
    "/api/contract/x",
    "/%2e%2e/etc/passwd",
  ])("%s: 401 without a credential, 404 with one", async (path) => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      expect((await app.inject({ method, url: path })).statusCode, `${method} ${path}`).toBe(401);
      const res = await app.inject({ method, url: path, headers: { "x-api-key": key } });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(Object.keys(res.json())).toEqual(["error"]);
    }
  });

  it("refuses other methods on documented routes with 405 and Allow", async () => {
    for (const [method, path, allow] of [
      ["DELETE", "/api/v1/analysts", "GET, HEAD"],
      ["PUT", "/api/v1/search", "POST"],
      ["GET", "/api/mcp", "POST"],
      ["PATCH", "/api/contract", "GET, HEAD"],
    ] as const) {
      const res = await app.inject({ method, url: path, headers: { "x-api-key": key } });
      expect([res.statusCode, res.headers.allow], `${method} ${path}`).toEqual([405, allow]);
    }
  });
});
