/**
 * Callbacks under load, because a relay retries and redelivers at will and each result must still count once: a few
 * thousand signed deliveries over real HTTP, many sent more than once under the same X-Relay-Delivery, some sent again
 * under a new delivery id, some for tasks we never submitted, and the gateway closed in the middle of the stream and
 * built anew over the same database on the same port while senders keep retrying, as a relay does. Every delivery is
 * answered 2xx in the end, kept once, and applied exactly once; every task ends as its callback said; none is lost
 * (checked against the governor's tables).
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Governor } from "../../governor/governor.js";
import { SECRET, startHarness, type Harness } from "../helpers/governor-harness.js";
import { createInProcessBus } from "../../lib/bus/in-process-bus.js";
import type { Bus } from "../../lib/bus/bus.js";
import { startRelayGateway } from "../helpers/relay-gateway.js";
import {
  callbackFor,
  deliver,
  trackTasks,
  type Callback,
  type SendResult,
  type TrackedTask,
} from "./relay-callbacks.js";
import { seededRandom } from "./seeded-random.js";

const TASKS = 1200;
const SENDERS = 24;

let h: Harness;
let bus: Bus;
let governor: Governor;
let gateway: FastifyInstance | null = null;
let port = 0;

async function openGateway() {
  gateway = await startRelayGateway({ db: h.db, secret: SECRET, bus });
  await gateway.listen({ port, host: "127.0.0.1" });
  port = (gateway.server.address() as { port: number }).port;
}

beforeAll(async () => {
  h = await startHarness();
  bus = createInProcessBus();
  governor = h.governor({ bus, callbackScanMs: 500 });
  await governor.start();
  await openGateway();
}, 60_000);
afterAll(async () => {
  await governor?.stop();
  await gateway?.close();
  await bus?.close();
  await h?.close();
});

interface Plan {
  callbacks: Callback[];
  /** Every POST to make, duplicates included, shuffled. */
  sends: Callback[];
  expected: Map<string, Callback["type"]>;
  untracked: Set<string>;
}

function plan(tasks: TrackedTask[], random: () => number): Plan {
  const callbacks: Callback[] = [];
  const expected = new Map<string, Callback["type"]>();
  for (const task of tasks) {
    const type = random() < 0.85 ? "task.completed" : "task.failed";
    expected.set(task.taskId, type);
    callbacks.push(callbackFor(task, type));
    // The relay sent the same event again under a new delivery id: kept, and ignored when applied.
    if (random() < 0.2) callbacks.push(callbackFor(task, type));
  }
  const untracked = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const cb = callbackFor({ taskId: `gt_${randomUUID()}`, factId: "nowhere" }, "task.completed");
    untracked.add(cb.deliveryId);
    callbacks.push(cb);
  }
  // Each delivery goes out one to three times under its delivery id (redeliveries), in a shuffled order.
  const sends = callbacks.flatMap((cb) => Array.from({ length: 1 + Math.floor(random() * 3) }, () => cb));
  for (let i = sends.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sends[i], sends[j]] = [sends[j]!, sends[i]!];
  }
  return { callbacks, sends, expected, untracked };
}

describe("thousands of callbacks with duplicates and a gateway restart", () => {
  it("applies every delivery exactly once and loses none", async () => {
    const tasks = await trackTasks(h.db.owner, TASKS, "load");
    const { callbacks, sends, expected, untracked } = plan(tasks, seededRandom(7));
    expect(sends.length).toBeGreaterThan(2000);

    const results: Array<{ cb: Callback; result: SendResult }> = [];
    let next = 0;
    const restartAt = Math.floor(sends.length * 0.4);
    let restart: Promise<void> | null = null;
    const sender = async () => {
      while (next < sends.length) {
        const cb = sends[next++]!;
        // Mid-stream, with requests in flight: close the gateway, then build a new one over the same database.
        if (next === restartAt) {
          restart = (async () => {
            const closing = gateway!;
            gateway = null;
            await closing.close();
            await openGateway();
          })();
        }
        results.push({
          cb,
          result: await deliver(`http://127.0.0.1:${port}/relay/callback`, SECRET, cb, { attempts: 600, retryMs: 50 }),
        });
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    await restart;

    // Every send was answered 2xx in the end; some only after retrying across the restart.
    expect(results.filter((r) => r.result.status !== 200).map((r) => r.result.status)).toEqual([]);
    expect(results.some((r) => r.result.attempts > 1)).toBe(true);
    // Kept once: a delivery id is "recorded" by one answer at most, "duplicate" after; untracked ones never kept.
    const recorded = new Map<string, number>();
    for (const { cb, result } of results) {
      if (untracked.has(cb.deliveryId)) expect(result.outcome).toBe("untracked");
      else expect(["recorded", "duplicate"]).toContain(result.outcome);
      if (result.outcome === "recorded") recorded.set(cb.deliveryId, (recorded.get(cb.deliveryId) ?? 0) + 1);
    }
    expect([...recorded.values()].every((n) => n === 1)).toBe(true);

    const tracked = callbacks.filter((cb) => !untracked.has(cb.deliveryId));
    await expect
      .poll(
        async () =>
          (await h.db.owner.query("SELECT count(*)::int AS n FROM governor.deliveries WHERE applied_at IS NOT NULL"))
            .rows[0].n,
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe(tracked.length);

    const { rows: deliveries } = await h.db.owner.query(
      "SELECT delivery_id, task_id, outcome, attempts FROM governor.deliveries",
    );
    expect(deliveries).toHaveLength(tracked.length);
    expect(new Set(deliveries.map((d) => d.delivery_id))).toEqual(new Set(tracked.map((cb) => cb.deliveryId)));
    expect(deliveries.filter((d) => d.attempts !== 0)).toEqual([]);
    // Exactly one delivery per task changed it; any other was ignored as already closed.
    const effective = new Map<string, string[]>();
    for (const d of deliveries) {
      if (d.outcome.startsWith("ignored: task already")) continue;
      effective.set(d.task_id, [...(effective.get(d.task_id) ?? []), d.outcome]);
    }
    expect(effective.size).toBe(TASKS);
    for (const [taskId, outcomes] of effective) {
      expect(outcomes).toEqual([expected.get(taskId) === "task.completed" ? "completed: 2 tag(s)" : "failed"]);
    }

    const { rows: ended } = await h.db.owner.query(
      `SELECT t.task_id, t.status, (SELECT count(*)::int FROM factcard.chain_fact_tags g WHERE g.fact_id = t.subject_id) AS tags
       FROM governor.tasks t WHERE t.task_id = ANY($1)`,
      [tasks.map((t) => t.taskId)],
    );
    for (const t of ended) {
      const completed = expected.get(t.task_id) === "task.completed";
      expect([t.status, t.tags]).toEqual(completed ? ["completed", 2] : ["failed", 0]);
    }
  }, 150_000);
});
