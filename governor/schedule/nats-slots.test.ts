/**
 * Real NATS JetStream (NATS_URL, or nats-server from PATH): every replica publishes each slot, the stream keeps it
 * once, a durable consumer shared by the replicas hands it to one of them, and a governor that was down does not
 * replay stale slots. Each run uses its own namespace (subjects, stream, consumers) and deletes it afterwards.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBJECTS, type BusMessage } from "../../lib/bus/bus.js";
import { connectNatsBus, type NatsBus } from "../../lib/bus/nats-bus.js";
import { startTestNats } from "../../test/helpers/nats-server.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";
import { publishSlot } from "./slot-publisher.js";

const nats = await startTestNats();

describe.skipIf(nats.url === null)("slots on NATS JetStream", () => {
  const namespace = `t${randomBytes(4).toString("hex")}`;
  const buses: NatsBus[] = [];
  let h: Harness;
  const bus = async (name: string) => {
    const b = await connectNatsBus({ servers: nats.url!, namespace, name, retryDelayMs: 100 });
    buses.push(b);
    return b;
  };

  beforeAll(async () => {
    h = await startHarness({ sim: { fleet: { nodes: 3, slotsPerNode: 1000, queueCap: 20, reportedFree: 6 } } });
    await addChainFacts(h.db.owner, 100);
    await addCards(h.db.owner, 20);
  });
  afterAll(async () => {
    await buses[0]?.removeStream().catch(() => {});
    for (const b of buses) await b.close();
    await h?.close();
    await nats.stop();
  });

  it("namespaces the stream and subjects", async () => {
    const b = await bus("names");
    expect(b.stream).toBe(`${namespace}_INSTITUTE_GOVERNOR`);
    expect(b.subjectOf(SUBJECTS.tick)).toBe(`${namespace}.governor.tick`);
  });

  it("keeps a slot published by two replicas once and hands it to one consumer", async () => {
    const [a, b] = [await bus("replica-a"), await bus("replica-b")];
    const seen: { replica: string; message: BusMessage }[] = [];
    const ca = await a.consume(SUBJECTS.kickoff, async (message) => void seen.push({ replica: "a", message }));
    const cb = await b.consume(SUBJECTS.kickoff, async (message) => void seen.push({ replica: "b", message }));
    const before = await a.storedMessages();
    const [pa, pb] = await Promise.all([
      publishSlot(a, "kickoff", T0 + 7 * MIN),
      publishSlot(b, "kickoff", T0 + 9 * MIN),
    ]);
    expect([pa.duplicate, pb.duplicate].sort()).toEqual([false, true]);
    expect(await a.storedMessages()).toBe(before + 1);
    await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.message).toMatchObject({
      payload: { slot_at: T0 },
      msgId: `governor.kickoff:${new Date(T0).toISOString()}`,
      deliveryCount: 1,
    });
    await Promise.all([ca.stop(), cb.stop()]);
  });

  it("redelivers a message whose handler failed", async () => {
    const a = await bus("retry");
    const deliveries: number[] = [];
    const c = await a.consume(SUBJECTS.callback, async (m) => {
      deliveries.push(m.deliveryCount);
      if (m.deliveryCount === 1) throw new Error("first time fails");
    });
    await a.publish(SUBJECTS.callback, { delivery_id: "x" }, { msgId: `callback:${randomBytes(4).toString("hex")}` });
    await expect.poll(() => deliveries, { timeout: 5_000 }).toEqual([1, 2]);
    await c.stop();
  });

  it("two governors on NATS share the ticks without double submission", async () => {
    await resetGovernorState(h.db.owner);
    h.sim.reset();
    const g1 = h.governor({ bus: await bus("gov-1"), replicaId: "gov-1" });
    const g2 = h.governor({ bus: await bus("gov-2"), replicaId: "gov-2" });
    await g1.start();
    await g2.start();
    try {
      for (const slot of [T0, T0 + 5 * MIN]) {
        h.clock.set(slot + 10_000);
        // Both replicas' cron fires for the slot.
        await Promise.all([
          publishSlot(buses.at(-2)!, "tick", h.clock.now()),
          publishSlot(buses.at(-1)!, "tick", h.clock.now()),
        ]);
        await expect
          .poll(
            async () =>
              (
                await h.db.owner.query("SELECT outcome FROM governor.decisions WHERE kind = 'tick' AND slot_at = $1", [
                  slot,
                ])
              ).rows,
            { timeout: 10_000 },
          )
          .toEqual([{ outcome: "done" }]);
      }
      const { rows } = await h.db.owner.query(
        "SELECT slot_at, count(*)::int AS n FROM governor.tasks GROUP BY slot_at ORDER BY slot_at",
      );
      expect(rows).toEqual([
        { slot_at: T0, n: 5 },
        { slot_at: T0 + 5 * MIN, n: 5 },
      ]);
      expect(h.sim.submissions.filter((s) => !s.duplicate)).toHaveLength(10);
      expect(new Set(h.sim.tasks.map((t) => t.payload.fact_id ?? t.payload.card_id)).size).toBe(10);
    } finally {
      await g1.stop();
      await g2.stop();
    }
  });

  it("does not replay the stale slots a governor missed while it was down", async () => {
    await resetGovernorState(h.db.owner);
    const publisher = await bus("cron-elsewhere");
    // The durable consumer exists (a governor ran before); now every governor is down while slots are published.
    const base = T0 + 2 * 60 * MIN;
    for (const at of [base - 20 * MIN, base - 15 * MIN, base - 10 * MIN, base - 5 * MIN, base])
      await publishSlot(publisher, "tick", at);
    h.clock.set(base + 30_000);
    const g = h.governor({ bus: await bus("gov-back"), replicaId: "gov-back" });
    await g.start();
    try {
      await expect
        .poll(async () => (await h.db.owner.query("SELECT slot_at FROM governor.decisions WHERE kind = 'tick'")).rows, {
          timeout: 10_000,
        })
        .toEqual([{ slot_at: base }]);
      await new Promise((r) => setTimeout(r, 300));
      expect((await h.db.owner.query("SELECT count(*)::int AS n FROM governor.decisions")).rows[0].n).toBe(1);
    } finally {
      await g.stop();
    }
  });
});
