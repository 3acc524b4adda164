/** node-cron schedules that publish slot events on the bus (every replica does; the bus keeps one per slot). */
import cron, { type ScheduledTask } from "node-cron";
import { SUBJECTS, type Bus } from "../../lib/bus/bus.js";
import type { Log } from "../../lib/log.js";
import { msgIdOf, SCHEDULES, slotOf, type SlotKind } from "./slots.js";

const SUBJECT_OF = { tick: SUBJECTS.tick, kickoff: SUBJECTS.kickoff } as const;

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

export function startCronPublisher(deps: { bus: Bus; now: () => number; log: Log }): { stop(): Promise<void> } {
  const tasks: ScheduledTask[] = (Object.keys(SCHEDULES) as SlotKind[]).map((kind) =>
    cron.schedule(
      SCHEDULES[kind].cron,
      async () => {
        try {
          await publishSlot(deps.bus, kind, deps.now(), deps.log);
        } catch (err) {
          deps.log.error({ err, kind }, "governor: could not publish the slot");
        }
      },
      { timezone: "UTC", name: `governor-${kind}-${Math.random().toString(36).slice(2, 8)}`, noOverlap: true },
    ),
  );
  return {
    async stop() {
      for (const t of tasks) await t.destroy();
    },
  };
}
