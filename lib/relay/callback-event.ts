/** Reads a verified callback body (docs/relay-wire-format.md): the event type and which task it is about. */
import type { CallbackEventType } from "./callback-inbox.js";

export const EVENT_TYPES: readonly CallbackEventType[] = ["task.completed", "task.failed"];

export type CallbackEvent =
  | { ok: true; eventType: CallbackEventType; clientRef: string | null; relayTaskId: string | null }
  | { ok: false; error: string };

export function readCallbackEvent(raw: string): CallbackEvent {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, error: "callback body is not JSON" };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, error: "callback body must be a JSON object" };
  const b = body as Record<string, unknown>;
  if (typeof b.type !== "string") return { ok: false, error: "callback body has no event type" };
  if (!(EVENT_TYPES as readonly string[]).includes(b.type)) {
    return {
      ok: false,
      error: `unknown event type '${b.type.slice(0, 64)}': expected one of ${EVENT_TYPES.join(", ")}`,
    };
  }
  const clientRef = typeof b.client_ref === "string" && b.client_ref !== "" ? b.client_ref : null;
  const relayTaskId = typeof b.task_id === "string" && b.task_id !== "" ? b.task_id : null;
  if (!clientRef && !relayTaskId) return { ok: false, error: "callback body names no task (client_ref or task_id)" };
  return { ok: true, eventType: b.type as CallbackEventType, clientRef, relayTaskId };
}
