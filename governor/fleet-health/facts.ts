/**
 * Everything a fleet-health snapshot says, read at one moment: the governor's last 24 hours from its own tables
 * (governor/observe/), and the fleet as the relay reports it now. A relay that cannot be read is a fact too.
 */
import type { TaskKind } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import {
  callbackCounts,
  relayErrors,
  submissionsSummary,
  tasksByState,
  tickSeries,
  timeoutsSwept,
  type CallbackCounts,
  type RelayErrors,
  type SubmissionsSummary,
  type TaskState,
  type TickObservation,
  type Window,
} from "../observe/index.js";
import { RelayError, type Fleet, type RelayClient } from "../relay/relay-client.js";

export const SNAPSHOT_WINDOW_MS = 24 * 60 * 60_000;

export type FleetNow =
  { at: number; fleet: Fleet; error?: undefined } | { at: number; fleet?: undefined; error: string };

export interface FleetHealthFacts {
  window: Window;
  ticks: TickObservation[];
  submissions: SubmissionsSummary;
  timeouts: Awaited<ReturnType<typeof timeoutsSwept>>;
  callbacks: CallbackCounts;
  relayErrors: RelayErrors;
  /** Every task now, by kind and state. */
  tasksNow: Record<TaskKind, Record<TaskState, number>>;
}

export async function readFleetHealthFacts(q: Queryable, now: number): Promise<FleetHealthFacts> {
  const window = { from: now - SNAPSHOT_WINDOW_MS, to: now + 1 };
  return {
    window,
    ticks: await tickSeries(q, window),
    submissions: await submissionsSummary(q, window),
    timeouts: await timeoutsSwept(q, window),
    callbacks: await callbackCounts(q, window),
    relayErrors: await relayErrors(q, window),
    tasksNow: await tasksByState(q),
  };
}

/** The fleet now, or why it could not be read: never a throw. */
export async function readFleetNow(
  relay: RelayClient | null,
  now: () => number,
  unavailable: string,
): Promise<FleetNow> {
  if (!relay) return { at: now(), error: unavailable };
  try {
    const fleet = await relay.readFleet();
    return { at: now(), fleet };
  } catch (e) {
    return { at: now(), error: e instanceof RelayError ? e.message : `fleet: ${(e as Error).message}` };
  }
}
