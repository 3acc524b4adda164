/**
 * A tick whose governor dies half-way leaves nothing 'running' for good: its claim's session ends with it, and the
 * next tick (or a governor's start) closes the claim as abandoned. A claimer that is alive, even one waiting for
 * another tick to finish, is never taken for dead.
 */
import pg from "pg";
import { Registry } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimSlot, sweepAbandoned } from "../decisions-store.js";
import { governorMetrics } from "../governor-metrics.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sim: { fleet: { nodes: 3, slotsPerNode: 1000, queueCap: 20, reportedFree: 6 } } });
  await addChainFacts(h.db.owner, 40);
  await addCards(h.db.owner, 5);
});
afterAll(() => h?.close());
beforeEach(async () => {
  await resetGovernorState(h.db.owner);
  h.sim.reset();
});

/** A governor's session of its own, as a tick holds one: it claims the slot and half-submits a task, then dies. */
async function deadTick(slotAt: number, by = "gone:4242"): Promise<{ die(): Promise<void> }> {
  const session = new pg.Client({ connectionString: h.db.ownerUrl });
  await session.connect();
  await claimSlot(session, "tick", slotAt, slotAt + 1_000, by, { hold: true });
  await session.query(
    `INSERT INTO governor.tasks (task_id, kind, subject_id, status, slot_at, submitted_at, deadline_at)
     VALUES ('gt_half', 'chain_tag', 'f00000', 'submitting', $1, $2, $3)`,
    [slotAt, slotAt + 2_000, slotAt + 2_000 + 25 * MIN],
  );
  return { die: () => session.end() };
}

const decisions = async () =>
  (
    await h.db.owner.query(
      "SELECT slot_at, outcome, decided_at, claimed_by, inputs FROM governor.decisions WHERE kind = 'tick' ORDER BY slot_at",
    )
  ).rows;

describe("a tick abandoned by its governor", () => {
  it("stays running while its claimer lives, and is closed by the next tick once it is gone", async () => {
    const dead = await deadTick(T0);
    h.clock.set(T0 + 5 * MIN + 3_000);
    const first = await h.governor({ replicaId: "alive" }).tick(T0 + 5 * MIN);
    expect(first.outcome).toBe("done");
    expect(first.abandoned).toBeUndefined();
    expect((await decisions()).map((d) => [d.slot_at, d.outcome])).toEqual([
      [T0, "running"],
      [T0 + 5 * MIN, "done"],
    ]);

    await dead.die();
    h.clock.set(T0 + 10 * MIN + 3_000);
    const registry = new Registry();
    const next = await h.governor({ replicaId: "alive", observer: governorMetrics(registry) }).tick(T0 + 10 * MIN);
    expect((await registry.getSingleMetric("governor_abandoned_claims_total")!.get()).values[0]!.value).toBe(1);
    expect(next.outcome).toBe("done");
    expect(next.abandoned).toEqual([{ kind: "tick", slot_at: T0, claimed_at: T0 + 1_000, claimed_by: "gone:4242" }]);
    const rows = await decisions();
    expect(rows.map((d) => [d.slot_at, d.outcome, d.decided_at])).toEqual([
      [T0, "abandoned", T0 + 10 * MIN + 3_000],
      [T0 + 5 * MIN, "done", T0 + 5 * MIN + 3_000],
      [T0 + 10 * MIN, "done", T0 + 10 * MIN + 3_000],
    ]);
    expect(rows[0].inputs).toEqual({
      abandoned: {
        claimed_by: "gone:4242",
        claimed_at: T0 + 1_000,
        noticed_by: "alive",
        noticed_at: T0 + 10 * MIN + 3_000,
      },
    });
    // Its half-submitted task is left to the 25-minute sweep, like any submission whose outcome is unknown.
    const { rows: half } = await h.db.owner.query("SELECT status FROM governor.tasks WHERE task_id = 'gt_half'");
    expect(half).toEqual([{ status: "submitting" }]);
    h.clock.set(T0 + 30 * MIN + 3_000);
    expect((await h.governor().tick(T0 + 30 * MIN)).swept).toContain("gt_half");
  });

  it("is closed when a governor starts, before it ticks", async () => {
    const dead = await deadTick(T0 + 15 * MIN, "gone:99");
    await dead.die();
    h.clock.set(T0 + 17 * MIN);
    const g = h.governor({ replicaId: "starting" });
    await g.start();
    await g.stop();
    const rows = await decisions();
    expect(rows.map((d) => [d.slot_at, d.outcome, d.decided_at, d.inputs.abandoned.noticed_by])).toEqual([
      [T0 + 15 * MIN, "abandoned", T0 + 17 * MIN, "starting"],
    ]);
  });

  it("is never a tick that waits for another tick to finish", async () => {
    // Another replica's tick holds the tick lock; this one claims its slot and waits for it.
    const other = new pg.Client({ connectionString: h.db.ownerUrl });
    await other.connect();
    await other.query("SELECT pg_advisory_lock(7300460)");
    h.clock.set(T0 + 20 * MIN + 1_000);
    const waiting = h.governor({ replicaId: "waiting" }).tick(T0 + 20 * MIN);
    await expect.poll(async () => (await decisions()).map((d) => d.outcome)).toEqual(["running"]);
    expect(await sweepAbandoned(h.db.owner, h.clock.now(), "sweeper")).toEqual([]);
    expect((await decisions()).map((d) => d.outcome)).toEqual(["running"]);
    await other.end();
    expect((await waiting).outcome).toBe("done");
    expect((await decisions()).map((d) => [d.outcome, d.claimed_by])).toEqual([["done", "waiting"]]);
  });

  it("leaves no advisory lock behind once a tick is done", async () => {
    h.clock.set(T0 + 25 * MIN + 1_000);
    await h.governor().tick(T0 + 25 * MIN);
    const { rows } = await h.db.owner.query(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
