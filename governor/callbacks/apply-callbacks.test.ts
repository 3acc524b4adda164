/**
 * The governor applies the durable inbox: results written once, tasks closed, late and repeated callbacks ignored,
 * and nothing lost when the gateway restarts between receipt and apply. End to end over real HTTP: the relay
 * simulator signs callbacks to a listening gateway, whose inbox notifies the governor on the bus.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInProcessBus } from "../../lib/bus/in-process-bus.js";
import { startRelayGateway } from "../../test/helpers/relay-gateway.js";
import { signatureOf } from "../../lib/relay/signature.js";
import { SECRET, startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";
import { insertTask } from "../tick/tasks-store.js";

let h: Harness;
let gateway: FastifyInstance;
let facts: string[];
let cards: string[];
beforeAll(async () => {
  h = await startHarness();
  facts = await addChainFacts(h.db.owner, 60);
  cards = await addCards(h.db.owner, 5, { report: "We should buy duration. Monitor the curve closely." });
  gateway = await startRelayGateway({ db: h.db, secret: SECRET, now: h.clock.now });
});
afterAll(async () => {
  await gateway?.close();
  await h?.close();
});
beforeEach(async () => {
  await resetGovernorState(h.db.owner);
  h.sim.reset();
  h.clock.set(T0);
});

let n = 0;
async function track(kind: "chain_tag" | "logic_extract" = "chain_tag", detail: Record<string, unknown> = {}) {
  const taskId = `gt_${randomUUID()}`;
  const subjectId = kind === "chain_tag" ? facts[n++ % facts.length]! : cards[cards.length - 1]!;
  await insertTask(h.db.owner, { taskId, kind, subjectId, slotAt: T0, detail, submittedAt: h.clock.now() });
  await h.db.owner.query("UPDATE governor.tasks SET status = 'submitted' WHERE task_id = $1", [taskId]);
  return { taskId, subjectId };
}

async function deliver(
  app: FastifyInstance,
  taskId: string,
  event: Record<string, unknown>,
  deliveryId: string = randomUUID(),
) {
  const raw = JSON.stringify({ task_id: `rt_${taskId}`, client_ref: taskId, occurred_at: T0, ...event });
  const res = await app.inject({
    method: "POST",
    url: "/relay/callback",
    payload: raw,
    headers: {
      "content-type": "application/json",
      "x-relay-signature": signatureOf(SECRET, raw),
      "x-relay-delivery": deliveryId,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().outcome as string;
}

const task = async (id: string) =>
  (await h.db.owner.query("SELECT status, error, relay_task_id FROM governor.tasks WHERE task_id = $1", [id])).rows[0];
const tags = async (factId: string) =>
  (
    await h.db.owner.query("SELECT tag FROM factcard.chain_fact_tags WHERE fact_id = $1 ORDER BY tag", [factId])
  ).rows.map((r) => r.tag);

describe("applying callbacks", () => {
  it("writes chain tags and closes the task once, however often the result comes", async () => {
    const { taskId, subjectId } = await track();
    const completed = {
      type: "task.completed",
      kind: "chain_tag",
      result: { tags: ["Copper", "inventories", "copper ", "LME"] },
    };
    await deliver(gateway, taskId, completed, "d1");
    await deliver(gateway, taskId, completed, "d1"); // redelivery: same id
    await deliver(gateway, taskId, completed, "d2"); // the relay sent it again under a new id
    const applied = await h.governor().applyCallbacks();
    expect(applied.map((a) => [a.deliveryId, a.outcome])).toEqual([
      ["d1", "completed: 3 tag(s)"],
      ["d2", "ignored: task already completed"],
    ]);
    expect(await tags(subjectId)).toEqual(["Copper", "inventories", "LME"].sort());
    expect(await task(taskId)).toMatchObject({ status: "completed", error: null, relay_task_id: `rt_${taskId}` });
    expect(await h.governor().applyCallbacks()).toEqual([]);
  });

  it("closes a failed task as failed, and its subject is drained again later", async () => {
    const { taskId, subjectId } = await track();
    await deliver(gateway, taskId, {
      type: "task.failed",
      kind: "chain_tag",
      error: { code: "node_lost", message: "the node went away" },
    });
    await h.governor().applyCallbacks();
    expect(await task(taskId)).toMatchObject({
      status: "failed",
      error: "relay reported failure: node_lost: the node went away",
    });
    expect(await tags(subjectId)).toEqual([]);
  });

  it("stores a card's extracted actions with what was sent", async () => {
    const { taskId, subjectId } = await track("logic_extract", { source: "report:en", chars: 51, truncated: false });
    const actions = [{ text: "Buy duration", owner: "desk-rates", due: null }, "Monitor the curve"];
    await deliver(gateway, taskId, { type: "task.completed", kind: "logic_extract", result: { actions } });
    await h.governor().applyCallbacks();
    const { rows } = await h.db.owner.query(
      "SELECT actions, source, source_chars, truncated, task_id FROM catalog.card_actions WHERE card_id = $1",
      [subjectId],
    );
    expect(rows).toEqual([
      {
        actions: [
          { text: "Buy duration", owner: "desk-rates", due: null },
          { text: "Monitor the curve", owner: null, due: null },
        ],
        source: "report:en",
        source_chars: 51,
        truncated: false,
        task_id: taskId,
      },
    ]);
  });

  it("closes a task whose result is malformed as failed, writing nothing", async () => {
    const { taskId, subjectId } = await track();
    await deliver(gateway, taskId, { type: "task.completed", kind: "chain_tag", result: { tags: "copper" } });
    await h.governor().applyCallbacks();
    expect(await task(taskId)).toMatchObject({
      status: "failed",
      error: "malformed result: result.tags must be an array of strings",
    });
    expect(await tags(subjectId)).toEqual([]);
  });

  it("ignores a result that arrives after the local deadline closed the task", async () => {
    const { taskId, subjectId } = await track();
    h.clock.set(T0 + 30 * MIN);
    await h.governor().tick(T0 + 30 * MIN);
    expect(await task(taskId)).toMatchObject({ status: "timed_out" });
    await deliver(gateway, taskId, { type: "task.completed", kind: "chain_tag", result: { tags: ["late"] } });
    expect((await h.governor().applyCallbacks())[0]!.outcome).toBe("ignored: task already timed_out");
    expect(await tags(subjectId)).toEqual([]);
    expect(await task(taskId)).toMatchObject({ status: "timed_out" });
  });

  it("applies each delivery once when two governors scan at the same time", async () => {
    const tracked = await Promise.all(Array.from({ length: 8 }, () => track()));
    for (const t of tracked)
      await deliver(gateway, t.taskId, { type: "task.completed", kind: "chain_tag", result: { tags: ["x"] } });
    const [a, b] = await Promise.all([
      h.governor({ replicaId: "a" }).applyCallbacks(),
      h.governor({ replicaId: "b" }).applyCallbacks(),
    ]);
    expect(a.length + b.length).toBe(8);
    expect(new Set([...a, ...b].map((d) => d.deliveryId)).size).toBe(8);
  });

  it("loses nothing when the gateway restarts between receipt and apply", async () => {
    const { taskId, subjectId } = await track();
    // Gateway 1 receives and keeps the callback, then goes away before any governor applies it.
    const first = await startRelayGateway({ db: h.db, secret: SECRET, bus: createInProcessBus() });
    await deliver(
      first,
      taskId,
      { type: "task.completed", kind: "chain_tag", result: { tags: ["kept"] } },
      "d-restart",
    );
    await first.close();
    // Gateway 2 comes up; the redelivery the relay may send is answered 200 and kept once.
    const second = await startRelayGateway({ db: h.db, secret: SECRET });
    expect(
      await deliver(
        second,
        taskId,
        { type: "task.completed", kind: "chain_tag", result: { tags: ["kept"] } },
        "d-restart",
      ),
    ).toBe("duplicate");
    await second.close();
    // A governor starting afterwards finds it in its scan.
    const governor = h.governor({ callbackScanMs: 50 });
    await governor.start();
    try {
      await expect.poll(() => tags(subjectId), { timeout: 5_000 }).toEqual(["kept"]);
      expect(await task(taskId)).toMatchObject({ status: "completed" });
    } finally {
      await governor.stop();
    }
  });
});

describe("end to end over HTTP", () => {
  it("submits to the relay simulator, whose signed callbacks (sent three times) reach the gateway and are applied once", async () => {
    const bus = createInProcessBus();
    const app = await startRelayGateway({ db: h.db, secret: SECRET, bus });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const governor = h.governor({
      bus,
      callbackUrl: `http://127.0.0.1:${port}/relay/callback`,
      callbackScanMs: 60_000,
    });
    await governor.start();
    try {
      h.sim.setFleet({ nodes: 3, slotsPerNode: 2, reportedFree: null });
      h.sim.setBehaviour({ duplicateDeliveries: 2 });
      const report = await governor.tick(T0);
      expect(report.drains!.chain_tag.submitted).toBe(4);
      for (const t of h.sim.tasks) await h.sim.complete(t.clientRef);
      await h.sim.settle();
      expect(h.sim.deliveries.every((d) => d.status === 200)).toBe(true);
      expect(h.sim.deliveries).toHaveLength(3 * 5);
      await expect
        .poll(
          async () =>
            (await h.db.owner.query("SELECT status, count(*)::int AS n FROM governor.tasks GROUP BY status")).rows,
          { timeout: 5_000 },
        )
        .toEqual([{ status: "completed", n: 5 }]);
      const applied = await h.db.owner.query(
        "SELECT count(*)::int AS n FROM governor.deliveries WHERE outcome LIKE 'completed%'",
      );
      expect(applied.rows[0].n).toBe(5);
    } finally {
      h.sim.setBehaviour({ duplicateDeliveries: 0 });
      await governor.stop();
      await app.close();
      await bus.close();
    }
  });
});
