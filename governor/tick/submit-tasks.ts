/**
 * Step 4 of a tick: submit what was allocated, drain by drain in order, recording each task before its POST (so the
 * ceilings count it and a fast callback finds it) and its outcome after. A refusal closes the task; a full relay
 * (429) or a submission whose outcome is unknown ends the tick's submissions.
 */
import { randomUUID } from "node:crypto";
import type { Log } from "../../lib/log.js";
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import type { RelayClient } from "../relay/relay-client.js";
import type { TaskKind } from "../../lib/relay/ceilings.js";
import type { DrainItem } from "./drains.js";
import { insertTask, markAccepted, markRefused, markUnknown, recordAttempts } from "./tasks-store.js";

export interface DrainReport {
  ceiling: number;
  candidates: number;
  allocated: number;
  submitted: number;
  refused: number;
  unknown: number;
}

export interface TickTask {
  task_id: string;
  kind: TaskKind;
  subject_id: string;
  outcome: "accepted" | "refused" | "unknown";
  relay_task_id?: string;
  reason?: string;
}

export interface SubmitDeps {
  relay: RelayClient;
  now: () => number;
  log: Log;
  callbackUrl: string;
  newTaskId?: () => string;
}

export async function submitAllocated(
  deps: SubmitDeps,
  q: Queryable,
  slotAt: number,
  candidates: Record<TaskKind, DrainItem[]>,
  allocated: Record<TaskKind, number>,
  drains: Record<TaskKind, DrainReport>,
): Promise<TickTask[]> {
  const tasks: TickTask[] = [];
  const newTaskId = deps.newTaskId ?? (() => `gt_${randomUUID()}`);
  for (const kind of DRAIN_ORDER) {
    for (const item of candidates[kind].slice(0, allocated[kind])) {
      const taskId = newTaskId();
      await insertTask(q, {
        taskId,
        kind,
        subjectId: item.subjectId,
        slotAt,
        detail: item.detail,
        submittedAt: deps.now(),
      });
      const result = await deps.relay.submit({
        taskId,
        kind,
        payload: item.payload,
        timeoutMs: CEILINGS.taskTimeoutMs,
        callbackUrl: deps.callbackUrl,
      });
      await recordAttempts(q, taskId, result.attempts);
      const entry: TickTask = { task_id: taskId, kind, subject_id: item.subjectId, outcome: result.outcome };
      tasks.push(entry);
      if (result.outcome === "accepted") {
        await markAccepted(q, taskId, result.relayTaskId);
        entry.relay_task_id = result.relayTaskId;
        drains[kind].submitted++;
        deps.log.info(
          { taskId, kind, subjectId: item.subjectId, relayTaskId: result.relayTaskId, state: result.state },
          "governor: task submitted",
        );
      } else if (result.outcome === "refused") {
        await markRefused(q, taskId, `refused by the relay (HTTP ${result.httpStatus}): ${result.reason}`, deps.now());
        entry.reason = `HTTP ${result.httpStatus}: ${result.reason}`;
        drains[kind].refused++;
        deps.log.warn(
          { taskId, kind, status: result.httpStatus, reason: result.reason },
          "governor: relay refused a task",
        );
        if (result.httpStatus === 429) return tasks; // the relay is full: nothing more this tick
      } else {
        await markUnknown(q, taskId, result.reason);
        entry.reason = result.reason;
        drains[kind].unknown++;
        deps.log.warn(
          { taskId, kind, reason: result.reason },
          "governor: submission outcome unknown; the task stays open until its deadline",
        );
        return tasks; // the relay is not answering: stop submitting until the next tick
      }
    }
  }
  return tasks;
}
