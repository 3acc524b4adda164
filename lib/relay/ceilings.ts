/** Spec §8, outbound task submission: the kinds of task the relay runs for us, and the ceilings the governor never exceeds (it may submit fewer). */

export const TASK_KINDS = ["chain_tag", "logic_extract"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The schedule tick the ceilings are counted per: every 5 minutes. The governor runs on it; the contract publishes it. */
export const TICK = { cron: "*/5 * * * *", everyMs: 5 * 60_000 } as const;

export const CEILINGS = {
  perTick: { chain_tag: 4, logic_extract: 1 } satisfies Record<TaskKind, number>,
  perTickTotal: 5,
  perHour: 60,
  hourWindowMs: 60 * 60_000,
  /** Edge reserve: usable headroom = free slots - reserve, while enabled and the fleet is non-empty. */
  reserve: 1,
  /** Sent with every task; the edge path does not honour it, hence the local deadline. */
  taskTimeoutMs: 1_800_000,
  localDeadlineMs: 25 * 60_000,
  /** logic_extract sends at most this many characters of text. */
  extractTextMax: 8_000,
} as const;

/** Headroom is split across the drains in the order they are scheduled. */
export const DRAIN_ORDER: readonly TaskKind[] = ["chain_tag", "logic_extract"];

/** A subject whose tasks ended this many times without a result is left alone (no endless resubmission). */
export const MAX_ATTEMPTS_PER_SUBJECT = 3;
