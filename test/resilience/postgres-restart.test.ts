/**
 * PostgreSQL restarted under load, on a server of this test's own: while it is down every request fails with 503, an
 * ErrorResponse saying the database is unavailable and Retry-After (a tool call with a JSON-RPC error whose category is
 * transient), never a 500; once it is back the same gateway serves again, its pools having reconnected by themselves,
 * with no restart of the service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { openRateLimiter } from "../../app/compose/open-rate-limiter.js";
import { buildAllInOne } from "../../app/all-in-one.js";
import { loadConfig } from "../../lib/config/config.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { fillAnalysts } from "../mcp/harness.js";
import { errorResponseProblem, failureEnvelope, jsonRpcErrorProblem, parseJson } from "./error-shapes.js";
import { startLoad, type Sample } from "./load-loop.js";
import { startRestartablePostgres, type RestartablePostgres } from "./restartable-postgres.js";

type Kind = "ok" | "unavailable" | "bad";
interface Outcome {
  surface: "rest" | "tool";
  kind: Kind;
  detail: string;
}

let pg: RestartablePostgres;
let db: TestDatabase;
let app: FastifyInstance;
let key: string;
let unusedKey: string;
const newKey = async () => (await mintKey(db.owner, { name: "restart", scopes: ["analysts:read", "viewer:read"] })).key;

beforeAll(async () => {
  pg = await startRestartablePostgres();
  db = await createTestDatabase(pg.adminUrl, "pgrestart");
  await fillAnalysts(db);
  // As npm start composes it, rate limits (on the owner connection) included. Keys resolved before the outage stay
  // cached, so requests reach the services; a key never seen needs the database.
  const config = loadConfig({ LOG_LEVEL: "silent", KEY_CACHE_SECONDS: "600", RATE_LIMIT_PER_MINUTE: "1000000" });
  const rateLimits = () => openRateLimiter({ config: config.access.rateLimit, databaseUrl: db.ownerUrl, poolSize: 2 });
  app = await buildAllInOne({ config, db, rateLimits });
  await app.ready();
  key = await newKey();
  unusedKey = await newKey();
}, 120_000);
afterAll(async () => {
  await pg?.start();
  await app?.close();
  await db?.drop();
  await pg?.close();
});

const unavailableRest = (status: number, headers: Record<string, unknown>, body: string) => {
  const parsed = parseJson(body);
  return (
    status === 503 &&
    parsed.ok &&
    errorResponseProblem(parsed.value) === null &&
    /^database unavailable/.test((parsed.value as { error: string }).error) &&
    Number(headers["retry-after"]) > 0
  );
};

async function rest(url: string, apiKey = key): Promise<Outcome> {
  const res = await app.inject({ method: "GET", url, headers: { "x-api-key": apiKey } });
  const reached = res.statusCode === 200 || (res.statusCode === 404 && errorResponseProblem(res.json()) === null);
  if (reached) return { surface: "rest", kind: "ok", detail: String(res.statusCode) };
  if (unavailableRest(res.statusCode, res.headers, res.body))
    return { surface: "rest", kind: "unavailable", detail: "503" };
  return {
    surface: "rest",
    kind: "bad",
    detail: `${url} -> ${res.statusCode} ${JSON.stringify(res.headers)} ${res.body.slice(0, 300)}`,
  };
}

async function tool(name: string, args: Record<string, unknown>, apiKey = key): Promise<Outcome> {
  const res = await app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
  const body = parseJson(res.body);
  const envelope = (body.ok ? body.value : {}) as {
    result?: unknown;
    error?: { code: number; message: string; data: { category: string; code: string } };
  };
  const bad = {
    surface: "tool" as const,
    kind: "bad" as const,
    detail: `${name} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
  };
  if (res.statusCode === 503)
    return unavailableRest(res.statusCode, res.headers, res.body)
      ? { surface: "tool", kind: "unavailable", detail: "503" }
      : bad;
  if (res.statusCode !== 200) return bad;
  const failure = failureEnvelope(envelope) as typeof envelope | null;
  if (!failure) return envelope.result ? { surface: "tool", kind: "ok", detail: "result" } : bad;
  if (!failure.error || jsonRpcErrorProblem(failure) !== null) return bad;
  if (failure.error.data.code === "not_found") return { surface: "tool", kind: "ok", detail: "not_found" };
  const transient = failure.error.data.category === "transient" && /^database unavailable/.test(failure.error.message);
  return transient ? { surface: "tool", kind: "unavailable", detail: "transient" } : bad;
}

/** Lists (which a cache might serve), ids never seen (which only the database can answer) and tools, in turn. */
function request(n: number): Promise<Outcome> {
  switch (n % 4) {
    case 0:
      return rest("/api/v1/analysts");
    case 1:
      return rest(`/api/v1/analysts/nobody-${n}`);
    case 2:
      return tool("analysts_get", { analyst_id: `nobody-${n}` });
    default:
      return tool("analysts_list", {});
  }
}

const count = (samples: Sample<Outcome>[], phase: string, surface: Outcome["surface"], kind: Kind) =>
  samples.filter(
    (s) => s.startPhase === phase && s.endPhase === phase && s.outcome.surface === surface && s.outcome.kind === kind,
  ).length;

describe("PostgreSQL restarted under load", () => {
  it("answers 503 with an ErrorResponse (tools: a transient error) while it is down, and serves again once it is back", async () => {
    const load = startLoad(request, 8);
    try {
      await load.until(
        (s) => count(s, "before", "rest", "ok") >= 20 && count(s, "before", "tool", "ok") >= 20,
        30_000,
        "service before the outage",
      );

      load.phase = "stopping";
      await pg.stop();
      load.phase = "down";
      await load.until(
        (s) => count(s, "down", "rest", "unavailable") >= 20 && count(s, "down", "tool", "unavailable") >= 20,
        30_000,
        "refusals during the outage",
      );

      // A key never resolved before needs the database: refused at authentication with the same 503, on both surfaces.
      const fresh = await rest("/api/v1/analysts", unusedKey);
      expect(fresh).toMatchObject({ kind: "unavailable" });
      expect(await tool("analysts_list", {}, unusedKey)).toMatchObject({ kind: "unavailable" });

      load.phase = "starting";
      await pg.start();
      load.phase = "up";
      await load.until(
        (s) => count(s, "up", "rest", "ok") >= 20 && count(s, "up", "tool", "ok") >= 20,
        60_000,
        "service after the restart",
      );
    } finally {
      await load.stop();
    }

    const bad = load.samples.filter((s) => s.outcome.kind === "bad");
    expect(bad.map((s) => `${s.startPhase}: ${s.outcome.detail}`).slice(0, 5)).toEqual([]);
    // Once back, nothing is refused any more: the pools reconnected without a restart of the gateway.
    const afterwards = load.samples.slice(-40);
    expect(afterwards.every((s) => s.outcome.kind === "ok")).toBe(true);
  }, 150_000);

  it("takes a key minted after the restart: reads and writes reach the same server again", async () => {
    const minted = await newKey();
    const res = await app.inject({ method: "GET", url: "/api/v1/analysts", headers: { "x-api-key": minted } });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
  });
});
