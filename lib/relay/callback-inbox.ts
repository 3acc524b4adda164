/**
 * The gateway's one owner-side dependency: somewhere durable to put a verified relay callback before answering 200.
 * The governor implements it (governor/callbacks/inbox-store.ts) over its own schema and applies what it holds.
 */
export type CallbackEventType = "task.completed" | "task.failed";

export interface ReceivedCallback {
  /** The X-<Relay>-Delivery header: the idempotency key. */
  deliveryId: string;
  eventType: CallbackEventType;
  /** Our task id, as the relay echoes it. */
  clientRef: string | null;
  /** The relay's own task id. */
  relayTaskId: string | null;
  /** The exact body that was verified. */
  body: string;
  receivedAt: number;
}

/** recorded: durable now; duplicate: this delivery id was recorded before; untracked: no task of ours, nothing kept. */
export type InboxOutcome = "recorded" | "duplicate" | "untracked";

export interface CallbackInbox {
  record(callback: ReceivedCallback): Promise<InboxOutcome>;
}
