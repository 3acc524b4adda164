/**
 * Spec §8 ceilings, property-based: over a simulated day of ticks (288, every 5 minutes, each a little late) with
 * random fleets, kill-switch flips and relay failures, against real PostgreSQL and the relay simulator over HTTP,
 * with two governor instances taking turns (replicas / restarts), no tick exceeds chain_tag 4, logic_extract 1,
 * total 5; no 60-minute window holds more than 60 submissions; and while enabled the edge reserve holds.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnabled } from "../settings-store.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";
import type { TickReport } from "./run-tick.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sim: { fleet: { nodes: 3, slotsPerNode: 100_000, queueCap: 20 } } }); // admission never refuses a non-empty fleet
  await addChainFacts(h.db.owner, 1500);
  await addCards(h.db.owner, 400);
});
afterAll(() => h?.close());

const TICKS = 288;
const BUSY = 30; // the day opens with a busy stretch so the hourly ceiling really binds

const tickPlan = fc.record({
  nodes: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }),
  free: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 3, max: 12 })),
  depth: fc.integer({ min: 0, max: 25 }),
  lagMs: fc.integer({ min: 0, max: 90_000 }),
  flip: fc.oneof({ weight: 30, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  failure: fc.oneof(
    { weight: 20, arbitrary: fc.constant("none" as const) },
    { weight: 1, arbitrary: fc.constantFrom("retry" as const, "unknown" as const) },
  ),
});

describe("ceilings over a simulated day", () => {
  it("are never exceeded, and the reserve binds exactly as spec §8 says", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tickPlan, { minLength: TICKS, maxLength: TICKS }), async (plans) => {
        await resetGovernorState(h.db.owner);
        h.sim.reset();
        const governors = [h.governor({ replicaId: "a" }), h.governor({ replicaId: "b" })];
        let enabled = true;
        const reports: { report: TickReport; plan: (typeof plans)[number]; enabled: boolean }[] = [];
        for (let i = 0; i < TICKS; i++) {
          const busy = i < BUSY;
          const plan = busy ? { ...plans[i]!, nodes: 3, free: 10, flip: false, failure: "none" as const } : plans[i]!;
          if (plan.flip) {
            enabled = !enabled;
            await setEnabled(h.db.owner, enabled, { actor: "property", at: T0 });
          }
          h.sim.setFleet({ nodes: plan.nodes, reportedFree: plan.free, reportedDepth: plan.depth });
          if (plan.failure === "retry") h.sim.failNext(1, 503, "/v1/tasks");
          if (plan.failure === "unknown") h.sim.failNext(3, 503, "/v1/tasks");
          const slot = T0 + i * 5 * MIN;
          h.clock.set(slot + plan.lagMs);
          const report = await governors[i % 2]!.tick(slot);
          reports.push({ report, plan, enabled });
        }

        // Per tick: the per-drain and per-tick ceilings, counted from the database.
        const perSlot = await h.db.owner.query(
          `SELECT slot_at, count(*) FILTER (WHERE kind = 'chain_tag')::int AS chain, count(*) FILTER (WHERE kind = 'logic_extract')::int AS logic
           FROM governor.tasks GROUP BY slot_at`,
        );
        const bySlot = new Map(perSlot.rows.map((r) => [r.slot_at as number, r]));
        for (const r of perSlot.rows) {
          expect(r.chain).toBeLessThanOrEqual(4);
          expect(r.logic).toBeLessThanOrEqual(1);
          expect(r.chain + r.logic).toBeLessThanOrEqual(5);
        }
        // Any 60 minutes (closed window): the largest count is reached in a window ending at a submission.
        const windows = await h.db.owner.query(
          `SELECT max(n)::int AS worst FROM (
             SELECT (SELECT count(*) FROM governor.tasks u WHERE u.submitted_at BETWEEN t.submitted_at - 3600000 AND t.submitted_at) AS n
             FROM governor.tasks t) x`,
        );
        expect(windows.rows[0].worst).toBeLessThanOrEqual(60);
        expect(windows.rows[0].worst).toBe(60); // the busy stretch made the hourly ceiling bind

        // The reserve: while enabled with a non-empty fleet, at most free - 1, nothing at free <= 1; never when disabled.
        for (const { report, plan, enabled: on } of reports) {
          const row = bySlot.get(report.slot_at);
          const n = row ? row.chain + row.logic : 0;
          if (!on) {
            expect(report).toMatchObject({ enabled: false, reserve: 0, reserve_binds: false, headroom: null });
          } else if (plan.nodes > 0) {
            expect(report.reserve_binds).toBe(plan.free <= 1);
            expect(n).toBeLessThanOrEqual(Math.max(0, plan.free - 1));
          } else {
            expect(report).toMatchObject({ reserve: 0, reserve_binds: false });
            expect(n).toBeLessThanOrEqual(Math.max(0, 20 - plan.depth));
          }
        }
      }),
      { numRuns: 3, endOnFailure: true },
    );
  }, 600_000);
});
