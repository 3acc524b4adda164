/**
 * How the simulated relay calls back: each event is one delivery id, POSTed with the signature of its exact body;
 * a delivery not answered 2xx is sent again (same id) a few times, and extra duplicate copies can be switched on.
 */
import { randomUUID } from "node:crypto";
import { signatureOf } from "../lib/relay/signature.js";
import type { SimBehaviour, SimDelivery, SimTask } from "./types.js";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export interface CallbackSender {
  send(task: SimTask, type: "task.completed" | "task.failed", extra: Record<string, unknown>): Promise<void>;
  /** Waits until no callback is being sent. */
  settle(): Promise<void>;
  /** Sends nothing more (a delivery under way finishes its current attempt). */
  close(): Promise<void>;
}

export function createCallbackSender(deps: {
  relayName: string;
  signingSecret: string;
  behaviour: SimBehaviour;
  deliveries: SimDelivery[];
  log: (line: string) => void;
}): CallbackSender {
  const name = deps.relayName.toLowerCase();
  const sending = new Set<Promise<void>>();
  let closed = false;

  async function post(
    task: SimTask,
    body: string,
    deliveryId: string,
    type: string,
    attempt: number,
  ): Promise<number | null> {
    let status: number | null = null;
    try {
      const res = await fetch(task.callbackUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "relay-simulator/1",
          [`x-${name}-signature`]: signatureOf(deps.signingSecret, body),
          [`x-${name}-delivery`]: deliveryId,
          [`x-${name}-event`]: type,
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = null;
    }
    deps.deliveries.push({ deliveryId, type, clientRef: task.clientRef, attempt, status });
    deps.log(
      `relay-sim: callback ${type} for ${task.clientRef} (delivery ${deliveryId}, attempt ${attempt}) -> ${status ?? "no answer"}`,
    );
    return status;
  }

  return {
    send(task, type, extra) {
      const body = JSON.stringify({
        type,
        task_id: task.relayTaskId,
        client_ref: task.clientRef,
        kind: task.kind,
        occurred_at: Date.now(),
        ...extra,
      });
      const deliveryId = randomUUID();
      const { callbackAttempts, callbackRetryMs, duplicateDeliveries } = deps.behaviour;
      const send = (async () => {
        let attempt = 0;
        while (attempt < callbackAttempts && !closed) {
          const status = await post(task, body, deliveryId, type, ++attempt);
          if (status !== null && status >= 200 && status < 300) break;
          await sleep(callbackRetryMs);
        }
        for (let i = 0; i < duplicateDeliveries && !closed; i++) await post(task, body, deliveryId, type, ++attempt);
      })();
      sending.add(send);
      return send.finally(() => sending.delete(send));
    },
    async settle() {
      while (sending.size) await Promise.all([...sending]);
    },
    async close() {
      closed = true;
      await Promise.all([...sending]);
    },
  };
}
