/** The governor's bus consumers: slot events run their job (unless stale); callback notes apply the inbox. */
import { SUBJECTS, type Bus, type Consumption } from "../../lib/bus/bus.js";
import type { Log } from "../../lib/log.js";
import { SUBJECT_OF } from "./slot-publisher.js";
import { isStale, readSlotMessage, SLOT_KINDS, type SlotKind } from "./slots.js";

export type SlotHandlers = Record<SlotKind, (slotAt: number) => Promise<unknown>> & {
  applyCallbacks(): Promise<unknown>;
};

export async function startConsumers(deps: {
  bus: Bus;
  handlers: SlotHandlers;
  now: () => number;
  log: Log;
}): Promise<Consumption[]> {
  const slot =
    (kind: SlotKind) =>
    async ({ payload }: { payload: unknown }) => {
      const message = readSlotMessage(payload);
      if (!message) return deps.log.warn({ kind, payload }, "governor: unreadable slot message dropped");
      if (isStale(kind, message.slot_at, deps.now())) {
        return deps.log.info({ kind, slotAt: message.slot_at }, "governor: stale slot dropped (no backlog replay)");
      }
      await deps.handlers[kind](message.slot_at);
    };
  return Promise.all([
    ...SLOT_KINDS.map((kind) => deps.bus.consume(SUBJECT_OF[kind], slot(kind))),
    deps.bus.consume(SUBJECTS.callback, async () => void (await deps.handlers.applyCallbacks())),
  ]);
}
