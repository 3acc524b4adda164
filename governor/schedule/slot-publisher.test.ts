/**
 * The schedule follows the governor's clock: moved by hand, a governor ticks at every five-minute boundary and kicks
 * off every hour, without waiting for real time, and a clock that jumps runs the slot it lands in, not a backlog.
 * Node timers drive the same alarms in production.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, T0 } from "../../test/fixtures/governor.js";
import { timerAlarm } from "./alarm.js";
import { isStale, nextSlotOf, slotOf } from "./slots.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sim: { fleet: { nodes: 3, slotsPerNode: 1000, queueCap: 20, reportedFree: 6 } } });
  await addChainFacts(h.db.owner, 200);
  await addCards(h.db.owner, 20);
});
afterAll(() => h?.close());

const decided = async () =>
  (
    await h.db.owner.query(
      "SELECT kind, slot_at, outcome FROM governor.decisions WHERE decided_at IS NOT NULL ORDER BY slot_at, kind",
    )
  ).rows.map((r) => `${r.kind} +${(r.slot_at - T0) / MIN} ${r.outcome}`);

describe("the slot publisher on an injected clock", () => {
  it("runs each tick and kickoff as the clock reaches its slot", async () => {
    h.clock.set(T0 + 50 * MIN + 20_000);
    const g = h.governor({ cron: true, replicaId: "scheduled" });
    await g.start(); // the current slots at once: the tick; the hour's kickoff is 50 minutes old, stale, dropped
    try {
      await expect.poll(decided).toEqual(["tick +50 done"]);
      for (const minute of [55, 60, 65]) {
        h.clock.set(T0 + minute * MIN + 2_000);
        await expect.poll(async () => (await decided()).length).toBe(minute === 55 ? 2 : minute === 60 ? 4 : 5);
      }
      expect(await decided()).toEqual([
        "tick +50 done",
        "tick +55 done",
        "kickoff +60 no-candidate",
        "tick +60 done",
        "tick +65 done",
      ]);
      // A jump of an hour runs the slot it lands in; the slots it skipped are not replayed.
      h.clock.set(T0 + 127 * MIN);
      await expect
        .poll(async () => (await decided()).slice(5))
        .toEqual(["kickoff +120 no-candidate", "tick +125 done"]);
    } finally {
      await g.stop();
    }
    // Stopped: moving the clock publishes nothing more.
    h.clock.set(T0 + 140 * MIN);
    await new Promise((r) => setTimeout(r, 200));
    expect(await decided()).toHaveLength(7);
  });
});

describe("slots", () => {
  it("start on their period's boundary; the daily one at 16:00 UTC (00:00 Asia/Singapore)", () => {
    const at = Date.parse("2026-11-20T10:37:12Z");
    expect(new Date(slotOf("tick", at)).toISOString()).toBe("2026-11-20T10:35:00.000Z");
    expect(new Date(nextSlotOf("tick", at)).toISOString()).toBe("2026-11-20T10:40:00.000Z");
    expect(new Date(nextSlotOf("kickoff", at)).toISOString()).toBe("2026-11-20T11:00:00.000Z");
    expect(new Date(slotOf("fleet-health", at)).toISOString()).toBe("2026-11-19T16:00:00.000Z");
    expect(new Date(nextSlotOf("fleet-health", at)).toISOString()).toBe("2026-11-20T16:00:00.000Z");
    const evening = Date.parse("2026-11-20T16:00:00Z");
    expect(slotOf("fleet-health", evening)).toBe(evening);
    expect(slotOf("fleet-health", evening - 1)).toBe(evening - 86_400_000);
    expect(isStale("fleet-health", evening, evening + 60 * MIN)).toBe(false);
    expect(isStale("fleet-health", evening, evening + 60 * MIN + 1)).toBe(true);
  });
});

describe("timer alarms", () => {
  it("fire once the clock reaches the time, wait again when the clock is behind, and can be cancelled", async () => {
    let skew = 0;
    const now = () => Date.now() - skew;
    const alarm = timerAlarm(now);
    const fired: string[] = [];
    const start = now();
    alarm(start + 30, () => fired.push("a"));
    const cancel = alarm(start + 40, () => fired.push("never"));
    cancel();
    alarm(start - 5, () => fired.push("past"));
    expect(fired).toEqual(["past"]); // already due: at once
    skew = 60; // the clock falls behind the timer: the alarm waits for the clock, not for the timer
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).toEqual(["past"]);
    await expect.poll(() => fired, { timeout: 1_000, interval: 10 }).toEqual(["past", "a"]);
    expect(now() - start).toBeGreaterThanOrEqual(30);
  });
});
