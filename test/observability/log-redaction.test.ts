/**
 * No key, token or signature is ever logged: the gateway's JSON logs (pino) are captured while requests carry an
 * institute key, a wrong key, a bearer token, a cookie and relay signatures, and the output is searched for each
 * secret. Request ids: the caller's X-Request-Id when it is a plain token, a fresh UUID otherwise.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { createCallbackInbox } from "../../governor/callbacks/inbox-store.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { signatureOf } from "../../lib/relay/signature.js";
import { composeAllInOne } from "../../app/all-in-one.js";
import { loadConfig } from "../../lib/config/config.js";
import { CENSOR, createLogger, loggerOptions } from "../../lib/observability/logger.js";

const lines: string[] = [];
const stream = new Writable({
  write: (chunk, _enc, done) => (lines.push(...String(chunk).split("\n").filter(Boolean)), done()),
});
const secret = "log-test-signing-secret-0123456789";
let db: TestDatabase;
let app: FastifyInstance;
let key: string;
let feedToken: string;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "logs");
  key = (await mintKey(db.owner, { name: "log-test", scopes: ["analysts:read"] })).key;
  feedToken = (await mintKey(db.owner, { name: "log-feed", scopes: ["feeds:read"] })).key;
  const config = loadConfig({ KEY_CACHE_SECONDS: "0", RELAY_NAME: "Dispatch" });
  ({ app } = await composeAllInOne({
    config,
    db,
    logger: loggerOptions({ level: "info", name: "gateway", relayName: "Dispatch", stream }),
    relayCallbacks: { inbox: createCallbackInbox({ db: db.owner }), relayName: "Dispatch", signingSecret: secret },
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe("logs", () => {
  it("never hold a key, a token, a cookie or a signature", async () => {
    const token = "eyJhbGciOiJSUzI1NiJ9.opaque-bearer-token-value";
    const body = JSON.stringify({ type: "task.completed", task_id: "rt-1", client_ref: "gt-1", result: { tags: [] } });
    const signature = signatureOf(secret, body);
    await app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": key, cookie: "session=cookie-secret-value" } });
    await app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": "sk_ins_wrong-key-that-must-not-appear" } });
    await app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: "{}",
    });
    // Feed tokens travel in URLs; neither a valid one nor a refused one (an institute key) may reach the log.
    await app.inject({ url: `/api/v1/feeds/daily/feed.atom?token=${feedToken}` });
    await app.inject({ url: `/api/v1/feeds/daily/feed.json?lang=zh&token=${key}&x=1` });
    await app.inject({
      method: "POST",
      url: "/relay/callback",
      headers: { "x-dispatch-signature": signature, "x-dispatch-delivery": "d-1", "content-type": "application/json" },
      payload: body,
    });
    await app.inject({
      method: "POST",
      url: "/relay/callback",
      headers: { "x-dispatch-signature": `sha256=${"ab".repeat(32)}`, "content-type": "application/json" },
      payload: body,
    });
    const output = lines.join("\n");
    for (const value of [
      key,
      feedToken,
      "sk_ins_wrong-key-that-must-not-appear",
      token,
      "cookie-secret-value",
      signature,
      "ab".repeat(32),
    ])
      expect(output).not.toContain(value);
    expect(output).toContain(`/api/v1/feeds/daily/feed.json?lang=zh&token=${CENSOR}&x=1`);
    expect(output).toContain(CENSOR);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ name: "gateway" });
  });

  it("carry the caller's X-Request-Id when it is a plain token, and a fresh UUID otherwise", async () => {
    const given = await app.inject({ url: "/api/v1/meta", headers: { "x-request-id": "trace-42.a" } });
    expect(given.headers["x-request-id"]).toBe("trace-42.a");
    expect(lines.some((l) => JSON.parse(l).reqId === "trace-42.a")).toBe(true);
    const odd = await app.inject({ url: "/api/v1/meta", headers: { "x-request-id": "r".repeat(10_000) } });
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("redact credentials in objects logged by hand", () => {
    const captured: string[] = [];
    const log = createLogger({
      level: "info",
      name: "t",
      relayName: "Dispatch",
      stream: { write: (s: string) => void captured.push(s) },
    });
    log.info(
      {
        headers: { authorization: "Bearer xyz-secret", "x-api-key": "sk_ins_abc", "x-dispatch-signature": "sha256=ff" },
        apiKey: "k-secret",
      },
      "by hand",
    );
    expect(captured.join("")).not.toMatch(/xyz-secret|sk_ins_abc|sha256=ff|k-secret/);
  });
});
