/**
 * What became of every request to the callback receiver, counted for the operator (the fleet-health snapshot, the
 * console): the inbox's outcomes and the refusals that never reach it. The gateway only counts; the governor keeps
 * the counts (governor/callbacks/callback-tally.ts), in memory first, so a flood of bad signatures is not a flood of
 * writes.
 */
import type { InboxOutcome } from "./callback-inbox.js";

export type CallbackCountOutcome =
  | InboxOutcome
  /** 401: the signature header was missing or wrong. */
  | "refused-signature"
  /** 400: no delivery id, or a body that is not a callback event. */
  | "refused-request"
  /** 413: a body over the receiver's limit. */
  | "refused-too-large"
  /** 5xx: a verified callback the inbox could not keep (the relay redelivers it). */
  | "error";

export const CALLBACK_COUNT_OUTCOMES: readonly CallbackCountOutcome[] = [
  "recorded",
  "duplicate",
  "untracked",
  "refused-signature",
  "refused-request",
  "refused-too-large",
  "error",
];

export interface CallbackTally {
  count(outcome: CallbackCountOutcome): void;
}
