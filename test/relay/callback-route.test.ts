/** POST /relay/callback through app.inject(): signatures on the raw body, idempotency, untracked tasks, size, types. */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { insertTask } from "../../governor/tick/tasks-store.js";
import { addChainFacts, T0 } from "../fixtures/governor.js";
import { startRelayGateway } from "../helpers/relay-gateway.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { signatureOf } from "../../lib/relay/signature.js";

const SECRET = "callback-secret-0123456789abcdef";
let db: TestDatabase;
let app: FastifyInstance;
let facts: string[];

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "cb");
  facts = await addChainFacts(db.owner, 50);
  app = await startRelayGateway({ db, secret: SECRET });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

let next = 0;
let taskId: string;
beforeEach(async () => {
  taskId = `gt_test_${randomUUID()}`;
  await insertTask(db.owner, {
    taskId,
    kind: "chain_tag",
    subjectId: facts[next++]!,
    slotAt: T0,
    detail: {},
    submittedAt: T0,
  });
});

const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "task.completed",
    task_id: `rt_${taskId}`,
    client_ref: taskId,
    kind: "chain_tag",
    occurred_at: T0,
    result: { tags: ["copper", "inventories"] },
    ...over,
  });

function post(payload: string | Buffer, headers: Record<string, string | undefined> = {}) {
  const all: Record<string, string> = {
    "content-type": "application/json",
    "x-relay-signature": signatureOf(SECRET, payload),
    "x-relay-delivery": randomUUID(),
  };
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) delete all[k];
    else all[k] = v;
  }
  return app.inject({ method: "POST", url: "/relay/callback", payload, headers: all });
}

const deliveries = async () =>
  (
    await db.owner.query("SELECT delivery_id, task_id, event_type, body FROM governor.deliveries WHERE task_id = $1", [
      taskId,
    ])
  ).rows;

describe("POST /relay/callback", () => {
  it("keeps a correctly signed callback durably before answering 200, without an API key", async () => {
    const raw = body();
    const res = await post(raw, { "x-relay-delivery": "d-good" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, delivery_id: "d-good", outcome: "recorded" });
    expect(await deliveries()).toEqual([
      { delivery_id: "d-good", task_id: taskId, event_type: "task.completed", body: raw },
    ]);
  });

  it("verifies the exact bytes: formatting is kept, any content type is read raw", async () => {
    const raw = `{ "type" : "task.completed",\n  "client_ref": "${taskId}", "result": {"tags": ["x"]} }`;
    expect((await post(raw, { "content-type": "text/plain" })).statusCode).toBe(200);
    expect((await post(raw, { "content-type": undefined })).statusCode).toBe(200);
    expect((await deliveries()).map((d) => d.body)).toEqual([raw, raw]);
  });

  it("answers 401 and keeps nothing when the signature is missing", async () => {
    const res = await post(body(), { "x-relay-signature": undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "missing X-Relay-Signature header" });
    expect(res.headers["www-authenticate"]).toBe('Signature realm="relay-callback", header="X-Relay-Signature"');
    expect(await deliveries()).toEqual([]);
  });

  it.each([
    ["another secret", () => signatureOf("not-the-secret-at-all-000", body())],
    ["another body", () => signatureOf(SECRET, body({ result: { tags: ["forged"] } }))],
    ["no scheme", () => signatureOf(SECRET, body()).slice("sha256=".length)],
    ["a short digest", () => signatureOf(SECRET, body()).slice(0, -2)],
    ["not hex", () => `sha256=${"zz".repeat(32)}`],
    ["another algorithm", () => `sha1=${signatureOf(SECRET, body()).slice(7)}`],
  ])("answers 401 and keeps nothing for a wrong signature: %s", async (_what, signature) => {
    const res = await post(body(), { "x-relay-signature": signature() });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/^invalid X-Relay-Signature/);
    expect(res.headers["www-authenticate"]).toBe('Signature realm="relay-callback", header="X-Relay-Signature"');
    expect(await deliveries()).toEqual([]);
  });

  it("answers a redelivery 200 and keeps it once", async () => {
    const raw = body();
    const first = await post(raw, { "x-relay-delivery": "d-again" });
    const second = await post(raw, { "x-relay-delivery": "d-again" });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().outcome).toBe("duplicate");
    expect(await deliveries()).toHaveLength(1);
  });

  it("answers 200 for an untracked task and keeps nothing", async () => {
    const res = await post(body({ client_ref: "gt_nobody", task_id: "rt_nobody" }), {
      "x-relay-delivery": "d-untracked",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe("untracked");
    const { rows } = await db.owner.query("SELECT 1 FROM governor.deliveries WHERE delivery_id = 'd-untracked'");
    expect(rows).toEqual([]);
  });

  it("finds the task by the relay's own id too", async () => {
    await db.owner.query("UPDATE governor.tasks SET relay_task_id = 'rt-known' WHERE task_id = $1", [taskId]);
    const res = await post(body({ client_ref: undefined, task_id: "rt-known" }));
    expect(res.json().outcome).toBe("recorded");
  });

  it("answers 413 for a body over 1 MiB and keeps nothing; exactly 1 MiB is accepted", async () => {
    const pad = (size: number) => {
      const base = body({ pad: "" });
      return body({ pad: "x".repeat(size - base.length) });
    };
    const limit = pad(1024 * 1024);
    expect(Buffer.byteLength(limit)).toBe(1024 * 1024);
    expect((await post(pad(1024 * 1024 + 1))).statusCode).toBe(413);
    expect(await deliveries()).toEqual([]);
    expect((await post(limit)).statusCode).toBe(200);
  });

  it.each([
    ["an unknown event type", () => body({ type: "task.exploded" }), /^unknown event type 'task.exploded'/],
    ["no event type", () => body({ type: undefined }), /no event type/],
    ["a body that is not JSON", () => "task.completed", /not JSON/],
    ["a body naming no task", () => body({ client_ref: undefined, task_id: undefined }), /names no task/],
  ])("answers 400 for %s (signed)", async (_what, make, message) => {
    const res = await post(make());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await deliveries()).toEqual([]);
  });

  it("answers 400 without a delivery id", async () => {
    const res = await post(body(), { "x-relay-delivery": undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "missing X-Relay-Delivery header (1 to 200 characters)" });
  });

  it("uses the relay's name in its headers (RELAY_NAME)", async () => {
    const other = await startRelayGateway({ db, secret: SECRET, relayName: "Dispatch" });
    try {
      const raw = body();
      const send = (headers: Record<string, string>) =>
        other.inject({ method: "POST", url: "/relay/callback", payload: raw, headers });
      const relayHeaders = await send({ "x-relay-signature": signatureOf(SECRET, raw), "x-relay-delivery": "d-r" });
      expect(relayHeaders.statusCode).toBe(401);
      expect(relayHeaders.json()).toEqual({ error: "missing X-Dispatch-Signature header" });
      const own = await send({ "x-dispatch-signature": signatureOf(SECRET, raw), "x-dispatch-delivery": "d-d" });
      expect(own.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("is refused at the edge like every route for the default Python-urllib agent", async () => {
    const res = await post(body(), { "user-agent": "Python-urllib/3.12" });
    expect(res.statusCode).toBe(403);
  });
});
