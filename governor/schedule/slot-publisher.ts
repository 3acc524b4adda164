/**
 * Publishes each slot on the bus when its time comes on the governor's clock (every replica does; the bus keeps one
 * per slot). Alarms, not node-cron: the schedule follows an injected clock, so tests run days of slots in seconds.
 */
import { SUBJECTS, type Bus } from "../../lib/bus/bus.js";
import type { Log } from "../../lib/log.js";
import type { SetAlarm } from "./alarm.js";
import { msgIdOf, nextSlotOf, slotOf, SLOT_KINDS, type SlotKind } from "./slots.js";

export const SUBJECT_OF = {
  tick: SUBJECTS.tick,
  kickoff: SUBJECTS.kickoff,
  "fleet-health": SUBJECTS.fleetHealth,
} as const;

export async function publishSlot(
  bus: Bus,
  kind: SlotKind,
  at: number,
  log?: Log,
): Promise<{ slotAt: number; duplicate: boolean }> {
  const slotAt = slotOf(kind, at);
  const { duplicate } = await bus.publish(SUBJECT_OF[kind], { slot_at: slotAt }, { msgId: msgIdOf(kind, slotAt) });
  log?.debug({ kind, slotAt, duplicate }, "governor: slot published");
  return { slotAt, duplicate };
}

/** From now on, publishes every slot of every kind as it begins; stop() cancels what is pending. */
export function startSlotPublisher(deps: {
  bus: Bus;
  now: () => number;
  alarm: SetAlarm;
  log: Log;
  kinds?: readonly SlotKind[];
}): { stop(): Promise<void> } {
  const cancels = new Map<SlotKind, () => void>();
  let stopped = false;
  const arm = (kind: SlotKind) => {
    cancels.set(
      kind,
      deps.alarm(nextSlotOf(kind, deps.now()), () => {
        if (stopped) return;
        publishSlot(deps.bus, kind, deps.now(), deps.log).catch((err) =>
          deps.log.error({ err, kind }, "governor: could not publish the slot"),
        );
        arm(kind);
      }),
    );
  };
  for (const kind of deps.kinds ?? SLOT_KINDS) arm(kind);
  return {
    async stop() {
      stopped = true;
      for (const cancel of cancels.values()) cancel();
      cancels.clear();
    },
  };
}
