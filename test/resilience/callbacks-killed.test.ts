/**
 * A burst of concurrent signed callbacks, many of them redelivered under the same delivery id and some sent again
 * under a new one, while NATS and the gateway process (app/gateway.ts, as the cluster runs it) are both killed with
 * SIGKILL in the middle of it and brought back; the senders redeliver until they get a 2xx, as a relay does. Every
 * delivery is answered 200 in the end and kept once, and every task is applied exactly once, as its callback said.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createGovernor, type Governor } from "../../governor/governor.js";
import { createHttpRelayClient } from "../../governor/relay/http-relay-client.js";
import { connectNatsBus, type NatsBus } from "../../lib/bus/nats-bus.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { silentLog } from "../../lib/log.js";
import { freePort } from "../../lib/net/free-port.js";
import { startTestNats } from "../helpers/nats-server.js";
import { spawnReady, type Spawned } from "../helpers/spawned.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { callbackFor, deliver, trackTasks, type Callback, type SendResult } from "./relay-callbacks.js";
import { seededRandom } from "./seeded-random.js";

const nats = await startTestNats();
const skip =
  nats.url === null
    ? nats.skip
    : nats.control === null
      ? "callbacks-killed test skipped: NATS_URL names a server this test cannot kill"
      : null;
if (skip && nats.url !== null) process.stderr.write(`${skip}\n`);

const SECRET = "callbacks-killed-secret-0123456789";
const TASKS = 150;

describe.skipIf(skip !== null)("callbacks while NATS and the gateway are killed mid-burst", () => {
  const namespace = `t${randomBytes(4).toString("hex")}`;
  let db: TestDatabase;
  let port: number;
  let bus: NatsBus;
  let governor: Governor;
  let gateway: Spawned | null = null;

  const startGateway = async () => {
    gateway = await spawnReady(
      "app/gateway.ts",
      {
        DATABASE_URL: db.ownerUrl,
        DATABASE_READER_URL: db.readerUrl,
        NATS_URL: nats.url!,
        NATS_NAMESPACE: namespace,
        RELAY_SIGNING_SECRET: SECRET,
        HOST: "127.0.0.1",
        PORT: String(port),
        METRICS_PORT: "0",
        LOG_LEVEL: "warn",
        ...Object.fromEntries(
          ["CATALOG", "REPORTS", "PORTFOLIO", "SEARCH", "FACTCARD"].map((s) => [
            `${s}_SERVICE_URL`,
            "http://127.0.0.1:9",
          ]),
        ),
      },
      { ready: /gateway listening on/ },
    );
  };

  beforeAll(async () => {
    db = await createTestDatabase(inject("adminUrl"), "cbkill");
    port = await freePort();
    bus = await connectNatsBus({ servers: nats.url!, namespace, name: "governor", retryDelayMs: 100 });
    governor = createGovernor({
      db: db.owner,
      bus,
      relay: createHttpRelayClient({ baseUrl: "http://127.0.0.1:9" }),
      embedder: createHashedNgramEmbedder(),
      now: Date.now,
      log: silentLog,
      enabledByConfig: true,
      thresholds: { skipCosine: 0.85, augmentCosine: 0.5 },
      callbackUrl: `http://127.0.0.1:${port}/relay/callback`,
      replicaId: "governor",
      cron: false,
      callbackScanMs: 1_000,
    });
    await governor.start();
    await startGateway();
  }, 120_000);

  afterAll(async () => {
    await gateway?.kill("SIGTERM");
    await governor?.stop();
    await bus?.removeStream().catch(() => {});
    await bus?.close();
    await db?.drop();
    await nats.stop();
  });

  it("answers every delivery 200 in the end, keeps each once and applies each task exactly once", async () => {
    const tasks = await trackTasks(db.owner, TASKS, "kb");
    const random = seededRandom(340);
    const expected = new Map<string, Callback["type"]>();
    const callbacks: Callback[] = [];
    for (const task of tasks) {
      const type = random() < 0.85 ? "task.completed" : "task.failed";
      expected.set(task.taskId, type);
      callbacks.push(callbackFor(task, type, randomUUID()));
      if (random() < 0.25) callbacks.push(callbackFor(task, type, randomUUID())); // the same event, a new delivery id
    }
    const sends = callbacks.flatMap((cb) => Array.from({ length: 1 + Math.floor(random() * 2.6) }, () => cb));
    for (let i = sends.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
    expect(callbacks.length).toBeGreaterThan(170);
    expect(sends.length).toBeGreaterThan(300);

    // All at once; when a third have been answered, NATS and the gateway die together and come back.
    let answered = 0;
    let fault: Promise<void> | null = null;
    const crash = async () => {
      await Promise.all([nats.control!.down("SIGKILL"), gateway!.kill("SIGKILL")]);
      await new Promise((r) => setTimeout(r, 300));
      await nats.control!.up();
      await startGateway();
    };
    const url = `http://127.0.0.1:${port}/relay/callback`;
    const results: Array<{ cb: Callback; result: SendResult }> = await Promise.all(
      sends.map(async (cb) => {
        const result = await deliver(url, SECRET, cb, { attempts: 1_200, retryMs: 50 });
        if (++answered === Math.floor(sends.length / 3)) fault = crash();
        return { cb, result };
      }),
    );
    await fault;
    expect(fault).not.toBeNull();

    expect(results.filter((r) => r.result.status !== 200).map((r) => r.result.status)).toEqual([]);
    expect(results.some((r) => r.result.attempts > 1)).toBe(true); // some were redelivered across the crash
    const recorded = new Map<string, number>();
    for (const { cb, result } of results) {
      expect(["recorded", "duplicate"]).toContain(result.outcome);
      if (result.outcome === "recorded") recorded.set(cb.deliveryId, (recorded.get(cb.deliveryId) ?? 0) + 1);
    }
    expect([...recorded.values()].every((n) => n === 1)).toBe(true);

    await expect
      .poll(
        async () =>
          (await db.owner.query("SELECT count(*)::int AS n FROM governor.deliveries WHERE applied_at IS NOT NULL"))
            .rows[0].n,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(callbacks.length);
    const { rows: deliveries } = await db.owner.query("SELECT delivery_id, task_id, outcome FROM governor.deliveries");
    expect(new Set(deliveries.map((d) => d.delivery_id))).toEqual(new Set(callbacks.map((cb) => cb.deliveryId)));
    const effective = new Map<string, string[]>();
    for (const d of deliveries) {
      if (d.outcome.startsWith("ignored: task already")) continue;
      effective.set(d.task_id, [...(effective.get(d.task_id) ?? []), d.outcome]);
    }
    expect(effective.size).toBe(TASKS);
    for (const [taskId, outcomes] of effective)
      expect(outcomes).toEqual([expected.get(taskId) === "task.completed" ? "completed: 2 tag(s)" : "failed"]);
    const { rows: ended } = await db.owner.query(
      `SELECT t.task_id, t.status, (SELECT count(*)::int FROM factcard.chain_fact_tags g WHERE g.fact_id = t.subject_id) AS tags
       FROM governor.tasks t`,
    );
    for (const t of ended)
      expect([t.status, t.tags]).toEqual(
        expected.get(t.task_id) === "task.completed" ? ["completed", 2] : ["failed", 0],
      );
  }, 180_000);
});
