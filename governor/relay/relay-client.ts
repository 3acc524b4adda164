/**
 * The dispatch relay, as the governor sees it (spec §1.7, §8; wire format: docs/relay-wire-format.md).
 * Implementations never throw from submit(): every submission ends accepted, refused or unknown, with its attempts.
 */
import type { TaskKind } from "../../lib/relay/ceilings.js";

export interface Fleet {
  /** Nodes the relay reports; 0 is an empty fleet (the relay then queues up to its own depth cap). */
  nodes: number;
  freeSlots: number;
  /** The relay's own queue, when it reports one. */
  queue: { depth: number; cap: number } | null;
  /** Each node's id, and its slots when the relay says (the fleet-health snapshot lists them). */
  members?: { id: string; slots: number | null }[];
}

export interface TaskSubmission {
  /** Ours: sent as the Idempotency-Key and as client_ref, so a retried POST never makes a second task. */
  taskId: string;
  kind: TaskKind;
  payload: Record<string, unknown>;
  timeoutMs: number;
  callbackUrl: string;
}

export interface SubmitAttempt {
  attempt: number;
  startedAt: number;
  durationMs: number;
  httpStatus: number | null;
  outcome: "accepted" | "refused" | "error";
  error: string | null;
}

export type SubmitResult =
  | { outcome: "accepted"; relayTaskId: string; state: string; attempts: SubmitAttempt[] }
  /** The relay answered a definite no (4xx): the task does not exist there. */
  | { outcome: "refused"; httpStatus: number; reason: string; attempts: SubmitAttempt[] }
  /** Every attempt failed in transit: the relay may or may not hold the task. */
  | { outcome: "unknown"; reason: string; attempts: SubmitAttempt[] };

export interface Announcement {
  participant: string;
  callbackUrl: string;
  kinds: readonly TaskKind[];
  version: string;
}

export interface RelayClient {
  readFleet(): Promise<Fleet>;
  submit(task: TaskSubmission): Promise<SubmitResult>;
  /** Announces this service as a coordination participant (JSON-RPC 2.0). */
  announce(announcement: Announcement): Promise<{ participantId: string }>;
}

/** The relay could not be read, or answered something that is not its protocol. */
export class RelayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RelayError";
  }
}
