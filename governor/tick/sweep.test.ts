/** Spec §8: a task still open 25 minutes after submission is closed by the sweep on a 5-minute tick: 25 to 31 minutes. */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotOf } from "../schedule/slots.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sim: { fleet: { nodes: 50, slotsPerNode: 10, queueCap: 1000, reportedFree: 6 } } });
  await addChainFacts(h.db.owner, 400);
  await addCards(h.db.owner, 100);
});
afterAll(() => h?.close());

const firstBatch = async (slotAt: number) =>
  (
    await h.db.owner.query("SELECT task_id, status, submitted_at, closed_at FROM governor.tasks WHERE slot_at = $1", [
      slotAt,
    ])
  ).rows;

describe("the sweep", () => {
  it("closes open tasks as timed out between 25 and 31 minutes after submission, each tick by a fresh governor (restarts)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60_000 }), // how late in its slot the submitting tick ran
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 8, maxLength: 8 }), // each later tick's lateness
        async (submitLag, lags) => {
          await resetGovernorState(h.db.owner);
          h.sim.reset();
          h.clock.set(T0 + submitLag);
          await h.governor().tick(T0);
          const batch = await firstBatch(T0);
          expect(batch).toHaveLength(5);
          for (let i = 1; i <= 8; i++) {
            const slot = T0 + i * 5 * MIN;
            h.clock.set(slot + lags[i - 1]!);
            await h.governor().tick(slotOf("tick", h.clock.now()));
            const elapsed = h.clock.now() - batch[0]!.submitted_at;
            const rows = await firstBatch(T0);
            const closed = rows.filter((r) => r.status === "timed_out");
            if (elapsed < 25 * MIN) expect(closed).toHaveLength(0);
            if (closed.length) {
              for (const r of closed) {
                expect(r.closed_at - r.submitted_at).toBeGreaterThanOrEqual(25 * MIN);
                expect(r.closed_at - r.submitted_at).toBeLessThanOrEqual(31 * MIN);
              }
            }
          }
          const final = await firstBatch(T0);
          expect(final.every((r) => r.status === "timed_out")).toBe(true);
        },
      ),
      { numRuns: 6 },
    );
  });

  it("never counts a timed-out task as running again: its subject is drained anew", async () => {
    await resetGovernorState(h.db.owner);
    h.sim.reset();
    h.clock.set(T0);
    await h.governor().tick(T0);
    h.clock.set(T0 + 30 * MIN);
    const report = await h.governor().tick(T0 + 30 * MIN);
    expect(report.swept).toHaveLength(5);
    const { rows } = await h.db.owner.query(
      "SELECT count(*) FILTER (WHERE status IN ('submitting', 'submitted'))::int AS open, count(*) FILTER (WHERE status = 'timed_out')::int AS timed_out FROM governor.tasks",
    );
    expect(rows[0]).toEqual({ open: 5, timed_out: 5 }); // the new tick's five, and the five swept
  });
});
