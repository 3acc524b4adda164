/**
 * Schedule slots. Every replica's schedule publishes the same slot with the same message id, so JetStream's duplicate
 * window stores it once. A slot handled too long after it began is stale and dropped: a governor that was down does
 * not replay a backlog of old ticks, the next slot simply runs. Slots are fixed periods of UTC time (the cron lines
 * say the same thing the way an operator reads it); Asia/Singapore keeps no daylight saving, so its midnight is
 * always 16:00 UTC.
 */
import { TICK } from "../../lib/relay/ceilings.js";

export type SlotKind = "tick" | "kickoff" | "fleet-health";

export interface Schedule {
  cron: string;
  everyMs: number;
  /** Where the period starts, from 00:00 UTC. */
  offsetMs: number;
  staleAfterMs: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;

export const SCHEDULES: Record<SlotKind, Schedule> = {
  tick: { cron: TICK.cron, everyMs: TICK.everyMs, offsetMs: 0, staleAfterMs: 4 * MIN },
  kickoff: { cron: "0 * * * *", everyMs: HOUR, offsetMs: 0, staleAfterMs: 15 * MIN },
  // 00:00 Asia/Singapore (spec §4.1 rule 5); a governor back within the hour still writes the day's snapshot.
  "fleet-health": { cron: "0 16 * * *", everyMs: 24 * HOUR, offsetMs: 16 * HOUR, staleAfterMs: HOUR },
};

export const SLOT_KINDS = Object.keys(SCHEDULES) as SlotKind[];

/** The start of the slot `at` falls in. */
export const slotOf = (kind: SlotKind, at: number) => {
  const { everyMs, offsetMs } = SCHEDULES[kind];
  return Math.floor((at - offsetMs) / everyMs) * everyMs + offsetMs;
};

/** The start of the slot after the one `at` falls in. */
export const nextSlotOf = (kind: SlotKind, at: number) => slotOf(kind, at) + SCHEDULES[kind].everyMs;

export const msgIdOf = (kind: SlotKind, slotAt: number) => `governor.${kind}:${new Date(slotAt).toISOString()}`;

export const isStale = (kind: SlotKind, slotAt: number, now: number) => now - slotAt > SCHEDULES[kind].staleAfterMs;

export interface SlotMessage {
  slot_at: number;
}

export function readSlotMessage(payload: unknown): SlotMessage | null {
  const slot = (payload as { slot_at?: unknown } | null)?.slot_at;
  return typeof slot === "number" && Number.isSafeInteger(slot) && slot >= 0 ? { slot_at: slot } : null;
}
