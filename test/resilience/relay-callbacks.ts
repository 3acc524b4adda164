/**
 * What the fault and load tests need of the relay's side of callbacks: tracked tasks in the governor's tables (as a
 * tick leaves them, submitted), their signed callbacks, and a sender that behaves as a relay does, redelivering a
 * callback under the same delivery id until it is answered 2xx.
 */
import { randomUUID } from "node:crypto";
import { addChainFacts, T0 } from "../fixtures/governor.js";
import { CEILINGS } from "../../lib/relay/ceilings.js";
import type { Pool } from "../../lib/db/pool.js";
import { signatureOf } from "../../lib/relay/signature.js";

export interface TrackedTask {
  taskId: string;
  factId: string;
}

/** `n` chain_tag tasks in state submitted, one per new chain fact (a subject has one open task at most). */
export async function trackTasks(db: Pool, n: number, prefix: string): Promise<TrackedTask[]> {
  const facts = await addChainFacts(db, n, { prefix });
  const tasks = facts.map((factId) => ({ taskId: `gt_${randomUUID()}`, factId }));
  await db.query(
    `INSERT INTO governor.tasks (task_id, kind, subject_id, status, slot_at, detail, submitted_at, deadline_at)
     SELECT t, 'chain_tag', f, 'submitted', $3, '{}', $4, $5 FROM unnest($1::text[], $2::text[]) AS u(t, f)`,
    [tasks.map((t) => t.taskId), tasks.map((t) => t.factId), T0, Date.now(), Date.now() + CEILINGS.localDeadlineMs],
  );
  return tasks;
}

export interface Callback {
  deliveryId: string;
  taskId: string;
  type: "task.completed" | "task.failed";
  body: string;
}

/** The relay's callback for a task: completed with tags derived from the fact, or failed. */
export function callbackFor(task: TrackedTask, type: Callback["type"], deliveryId: string = randomUUID()): Callback {
  const event =
    type === "task.completed"
      ? { type, kind: "chain_tag", result: { tags: [`tag-${task.factId}`, "copper"] } }
      : { type, kind: "chain_tag", error: { code: "worker_failed", message: "the node reported a failure" } };
  const body = JSON.stringify({
    task_id: `rt_${task.taskId}`,
    client_ref: task.taskId,
    occurred_at: Date.now(),
    ...event,
  });
  return { deliveryId, taskId: task.taskId, type, body };
}

export interface SendResult {
  status: number;
  outcome: string | undefined;
  attempts: number;
}

/** POSTs one callback, signed, and redelivers it (same delivery id) until a 2xx, as a relay would. */
export async function deliver(
  url: string,
  secret: string,
  cb: Callback,
  options: { attempts?: number; retryMs?: number } = {},
): Promise<SendResult> {
  const attempts = options.attempts ?? 200;
  let last = 0;
  for (let n = 1; n <= attempts; n++) {
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "relay-simulator/1",
          "x-relay-signature": signatureOf(secret, cb.body),
          "x-relay-delivery": cb.deliveryId,
          "x-relay-event": cb.type,
        },
        body: cb.body,
        signal: AbortSignal.timeout(10_000),
      });
      last = res.status;
      const text = await res.text();
      if (res.ok)
        return { status: res.status, outcome: (JSON.parse(text) as { outcome?: string }).outcome, attempts: n };
    } catch {
      last = 0; // refused or reset while the gateway restarts: the relay tries again
    }
    await new Promise((r) => setTimeout(r, options.retryMs ?? 50));
  }
  return { status: last, outcome: undefined, attempts };
}
