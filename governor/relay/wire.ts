/** Reading the relay's answers: anything that is not the documented shape is a RelayError, never a guess. */
import { RelayError, type Fleet } from "./relay-client.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RelayError(`${what}: the relay answered something that is not JSON`);
  }
}

export function parseFleet(body: unknown): Fleet {
  if (!isObject(body) || !Array.isArray(body.nodes))
    throw new RelayError("fleet: expected an object with a nodes array");
  if (!body.nodes.every((n) => isObject(n) && typeof n.id === "string"))
    throw new RelayError("fleet: every node needs an id");
  if (!isCount(body.free_slots)) throw new RelayError("fleet: free_slots must be a whole number >= 0");
  let queue: Fleet["queue"] = null;
  if (body.queue !== undefined && body.queue !== null) {
    if (!isObject(body.queue) || !isCount(body.queue.depth) || !isCount(body.queue.cap)) {
      throw new RelayError("fleet: queue must be {depth, cap} whole numbers");
    }
    queue = { depth: body.queue.depth, cap: body.queue.cap };
  }
  const members = (body.nodes as Record<string, unknown>[]).map((n) => ({
    id: n.id as string,
    slots: isCount(n.slots) ? n.slots : null,
  }));
  // An empty fleet offers no slots, whatever the count says.
  return { nodes: body.nodes.length, freeSlots: body.nodes.length === 0 ? 0 : body.free_slots, queue, members };
}

export function parseAccepted(body: unknown): { relayTaskId: string; state: string } {
  if (!isObject(body) || typeof body.task_id !== "string" || body.task_id === "")
    throw new RelayError("submit: expected {task_id, status}");
  return { relayTaskId: body.task_id, state: typeof body.status === "string" ? body.status : "queued" };
}

export function parseRefusal(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (isObject(body) && typeof body.error === "string") return body.error.slice(0, 300);
  } catch {
    // fall through: an unreadable refusal is still a refusal
  }
  return text.slice(0, 300) || "no reason given";
}

export function parseRpcResult(body: unknown, id: string): Record<string, unknown> {
  if (!isObject(body) || body.jsonrpc !== "2.0" || body.id !== id)
    throw new RelayError("announce: not a JSON-RPC 2.0 answer to our request");
  if (isObject(body.error)) throw new RelayError(`announce: refused: ${String(body.error.message ?? body.error.code)}`);
  if (!isObject(body.result)) throw new RelayError("announce: answer without a result");
  return body.result;
}
