/**
 * Applies the durable inbox: each unapplied delivery, oldest first, in its own transaction with the task row locked,
 * so concurrent governors never apply one twice. A completed task's result is written (chain tags, or the card's
 * extracted actions) and the task closed; a failed one is closed as failed. A delivery for a task that is already
 * closed (a second delivery of the same result, or a result after the local deadline) changes nothing.
 */
import type { Pool } from "../../lib/db/pool.js";
import { inTransaction } from "../../lib/db/transaction.js";
import type { Log } from "../../lib/log.js";
import type { Queryable } from "../db.js";
import { checkActions, checkTags } from "./results.js";

export interface ApplyDeps {
  db: Pool;
  now: () => number;
  log: Log;
}

export interface AppliedDelivery {
  deliveryId: string;
  taskId: string;
  outcome: string;
}

export async function applyPendingCallbacks(deps: ApplyDeps, max = 200): Promise<AppliedDelivery[]> {
  const applied: AppliedDelivery[] = [];
  while (applied.length < max) {
    const one = await applyNext(deps);
    if (!one) break;
    applied.push(one);
    deps.log.info(
      { deliveryId: one.deliveryId, taskId: one.taskId, outcome: one.outcome },
      "governor: callback applied",
    );
  }
  return applied;
}

const MAX_APPLY_ATTEMPTS = 5;

async function applyNext(deps: ApplyDeps): Promise<AppliedDelivery | null> {
  let current: string | null = null;
  try {
    return await inTransaction(deps.db, async (client) => {
      const { rows } = await client.query(
        `SELECT delivery_id, task_id, event_type, body FROM governor.deliveries
         WHERE applied_at IS NULL ORDER BY attempts, received_at, delivery_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const d = rows[0];
      if (!d) return null;
      current = d.delivery_id;
      const outcome = await applyDelivery(client, d, deps.now());
      await client.query("UPDATE governor.deliveries SET applied_at = $2, outcome = $3 WHERE delivery_id = $1", [
        d.delivery_id,
        deps.now(),
        outcome,
      ]);
      return { deliveryId: d.delivery_id, taskId: d.task_id, outcome };
    });
  } catch (e) {
    // Counted, so one delivery that cannot be applied does not hold up the others for ever.
    if (current) {
      await deps.db
        .query(
          `UPDATE governor.deliveries SET attempts = attempts + 1, outcome = $2,
                  applied_at = CASE WHEN attempts + 1 >= $4 THEN $3::bigint END
           WHERE delivery_id = $1 AND applied_at IS NULL`,
          [current, `error: ${(e as Error).message}`.slice(0, 500), deps.now(), MAX_APPLY_ATTEMPTS],
        )
        .catch(() => {});
    }
    throw e;
  }
}

interface DeliveryRow {
  delivery_id: string;
  task_id: string;
  event_type: "task.completed" | "task.failed";
  body: string;
}

async function applyDelivery(q: Queryable, d: DeliveryRow, now: number): Promise<string> {
  const { rows } = await q.query(
    "SELECT task_id, kind, subject_id, status, detail FROM governor.tasks WHERE task_id = $1 FOR UPDATE",
    [d.task_id],
  );
  const task = rows[0];
  if (!task) return "ignored: task gone";
  if (task.status !== "submitting" && task.status !== "submitted") return `ignored: task already ${task.status}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(d.body) as Record<string, unknown>;
  } catch {
    return "ignored: unreadable body";
  }
  const relayTaskId = typeof body.task_id === "string" ? body.task_id : null;
  const close = (status: string, error: string | null) =>
    q.query(
      "UPDATE governor.tasks SET status = $2, closed_at = $3, error = $4, relay_task_id = coalesce(relay_task_id, $5) WHERE task_id = $1",
      [task.task_id, status, now, error, relayTaskId],
    );

  if (d.event_type === "task.failed") {
    const err = body.error as { code?: unknown; message?: unknown } | undefined;
    await close(
      "failed",
      `relay reported failure: ${String(err?.code ?? "unknown")}: ${String(err?.message ?? "")}`.slice(0, 500),
    );
    return "failed";
  }
  if (task.kind === "chain_tag") {
    const tags = checkTags(body.result);
    if (!tags.ok) return (await close("failed", `malformed result: ${tags.error}`), "failed: malformed result");
    await q.query(
      `INSERT INTO factcard.chain_fact_tags (fact_id, tag, tagged_at)
       SELECT f.fact_id, t.tag, $3 FROM factcard.chain_facts f, unnest($2::text[]) AS t(tag)
       WHERE f.fact_id = $1 ON CONFLICT DO NOTHING`,
      [task.subject_id, tags.value, now],
    );
    await close("completed", null);
    return `completed: ${tags.value.length} tag(s)`;
  }
  const actions = checkActions(body.result);
  if (!actions.ok) return (await close("failed", `malformed result: ${actions.error}`), "failed: malformed result");
  const detail = task.detail as { source?: string; chars?: number; truncated?: boolean };
  await q.query(
    `INSERT INTO catalog.card_actions (card_id, actions, source, source_chars, truncated, task_id, extracted_at)
     SELECT c.card_id, $2::jsonb, $3, $4, $5, $6, $7 FROM catalog.cards c WHERE c.card_id = $1
     ON CONFLICT (card_id) DO NOTHING`,
    [
      task.subject_id,
      JSON.stringify(actions.value),
      detail.source ?? "unknown",
      detail.chars ?? 0,
      detail.truncated ?? false,
      task.task_id,
      now,
    ],
  );
  await close("completed", null);
  return `completed: ${actions.value.length} action(s)`;
}
