/** The all-in-one bus keeps the JetStream contract within one process. */
import { describe, expect, it } from "vitest";
import { SUBJECTS } from "../../lib/bus/bus.js";
import { createInProcessBus } from "../../lib/bus/in-process-bus.js";
import { isStale, msgIdOf, slotOf } from "./slots.js";
import { publishSlot } from "./slot-publisher.js";
import { MIN, T0 } from "../../test/fixtures/governor.js";

describe("the in-process bus", () => {
  it("keeps one message per id within the window, and hands each to one of the consumers", async () => {
    let now = T0;
    const bus = createInProcessBus({ now: () => now, duplicateWindowMs: 10 * MIN });
    const got: string[] = [];
    await bus.consume(SUBJECTS.tick, async (m) => void got.push(`a:${(m.payload as { slot_at: number }).slot_at}`));
    await bus.consume(SUBJECTS.tick, async (m) => void got.push(`b:${(m.payload as { slot_at: number }).slot_at}`));
    expect(await publishSlot(bus, "tick", T0 + 1_000)).toEqual({ slotAt: T0, duplicate: false });
    expect(await publishSlot(bus, "tick", T0 + 2_000)).toEqual({ slotAt: T0, duplicate: true });
    expect(await publishSlot(bus, "tick", T0 + 5 * MIN)).toEqual({ slotAt: T0 + 5 * MIN, duplicate: false });
    now += 11 * MIN; // past the window the id may be used again (as with JetStream)
    expect((await bus.publish(SUBJECTS.tick, { slot_at: T0 }, { msgId: msgIdOf("tick", T0) })).duplicate).toBe(false);
    await bus.close();
    expect(got).toEqual([`a:${T0}`, `b:${T0 + 5 * MIN}`, `a:${T0}`]);
  });

  it("redelivers when a handler throws, up to maxDeliver", async () => {
    const bus = createInProcessBus({ retryDelayMs: 5, maxDeliver: 3 });
    const counts: number[] = [];
    await bus.consume(SUBJECTS.callback, async (m) => {
      counts.push(m.deliveryCount);
      throw new Error("always");
    });
    await bus.publish(SUBJECTS.callback, {});
    await expect.poll(() => counts, { timeout: 2_000 }).toEqual([1, 2, 3]);
    await bus.close();
  });
});

describe("slots", () => {
  it("are 5-minute and hourly, with one message id each, stale after their margin", () => {
    const at = Date.parse("2026-11-20T10:37:12Z");
    expect(new Date(slotOf("tick", at)).toISOString()).toBe("2026-11-20T10:35:00.000Z");
    expect(new Date(slotOf("kickoff", at)).toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(msgIdOf("tick", slotOf("tick", at))).toBe("governor.tick:2026-11-20T10:35:00.000Z");
    expect(isStale("tick", T0, T0 + 4 * MIN)).toBe(false);
    expect(isStale("tick", T0, T0 + 4 * MIN + 1)).toBe(true);
    expect(isStale("kickoff", T0, T0 + 15 * MIN)).toBe(false);
    expect(isStale("kickoff", T0, T0 + 16 * MIN)).toBe(true);
  });
});
