/**
 * Schedule slots. Every replica's cron publishes the same slot with the same message id, so JetStream's duplicate
 * window stores it once. A slot handled too long after it began is stale and dropped: a governor that was down does
 * not replay a backlog of old ticks, the next slot simply runs.
 */
export type SlotKind = "tick" | "kickoff";

export const SCHEDULES: Record<SlotKind, { cron: string; everyMs: number; staleAfterMs: number }> = {
  tick: { cron: "*/5 * * * *", everyMs: 5 * 60_000, staleAfterMs: 4 * 60_000 },
  kickoff: { cron: "0 * * * *", everyMs: 60 * 60_000, staleAfterMs: 15 * 60_000 },
};

export const slotOf = (kind: SlotKind, at: number) =>
  Math.floor(at / SCHEDULES[kind].everyMs) * SCHEDULES[kind].everyMs;

export const msgIdOf = (kind: SlotKind, slotAt: number) => `governor.${kind}:${new Date(slotAt).toISOString()}`;

export const isStale = (kind: SlotKind, slotAt: number, now: number) => now - slotAt > SCHEDULES[kind].staleAfterMs;

export interface SlotMessage {
  slot_at: number;
}

export function readSlotMessage(payload: unknown): SlotMessage | null {
  const slot = (payload as { slot_at?: unknown } | null)?.slot_at;
  return typeof slot === "number" && Number.isSafeInteger(slot) && slot >= 0 ? { slot_at: slot } : null;
}
