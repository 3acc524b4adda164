/**
 * The all-in-one bus: same contract as JetStream within one process. Message ids are deduplicated within the
 * window; each subject's consumers take turns (as a queue group would) and handle one message at a time.
 * A failed handler is retried after a delay, up to maxDeliver deliveries, then dropped with an error log.
 */
import type { Log } from "../log.js";
import { silentLog } from "../log.js";
import type { Bus, BusHandler, BusMessage, Consumption, Subject } from "./bus.js";

export interface InProcessBusOptions {
  now?: () => number;
  duplicateWindowMs?: number;
  maxDeliver?: number;
  retryDelayMs?: number;
  log?: Log;
}

interface Worker {
  handler: BusHandler;
  chain: Promise<void>;
  stopped: boolean;
}

export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const now = options.now ?? Date.now;
  const windowMs = options.duplicateWindowMs ?? 10 * 60_000;
  const maxDeliver = options.maxDeliver ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 5_000;
  const log = options.log ?? silentLog;
  const seen = new Map<string, number>();
  const workers = new Map<Subject, Worker[]>();
  const turns = new Map<Subject, number>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  function forget(at: number) {
    for (const [id, when] of seen) if (at - when > windowMs) seen.delete(id);
  }

  function dispatch(message: BusMessage) {
    const live = (workers.get(message.subject) ?? []).filter((w) => !w.stopped);
    if (closed || live.length === 0) return; // like a stream without a consumer yet: nobody to hand it to
    const turn = turns.get(message.subject) ?? 0;
    turns.set(message.subject, turn + 1);
    const worker = live[turn % live.length]!;
    worker.chain = worker.chain.then(async () => {
      try {
        await worker.handler(message);
      } catch (e) {
        if (message.deliveryCount >= maxDeliver || closed) {
          log.error({ err: e, subject: message.subject, msgId: message.msgId }, "bus handler failed; message dropped");
          return;
        }
        log.warn({ err: e, subject: message.subject, msgId: message.msgId }, "bus handler failed; redelivering later");
        const timer = setTimeout(() => {
          timers.delete(timer);
          dispatch({ ...message, deliveryCount: message.deliveryCount + 1 });
        }, retryDelayMs);
        timer.unref();
        timers.add(timer);
      }
    });
  }

  return {
    kind: "in-process",
    async publish(subject, payload, opts = {}) {
      if (closed) throw new Error("bus is closed");
      const at = now();
      forget(at);
      if (opts.msgId !== undefined) {
        if (seen.has(opts.msgId)) return { duplicate: true };
        seen.set(opts.msgId, at);
      }
      // A copy, as a wire would make: handlers never share the publisher's object.
      dispatch({ subject, payload: JSON.parse(JSON.stringify(payload ?? null)), msgId: opts.msgId, deliveryCount: 1 });
      return { duplicate: false };
    },
    async ping() {
      if (closed) throw new Error("bus is closed");
    },
    async consume(subject, handler): Promise<Consumption> {
      const worker: Worker = { handler, chain: Promise.resolve(), stopped: false };
      workers.set(subject, [...(workers.get(subject) ?? []), worker]);
      return {
        async stop() {
          worker.stopped = true;
          await worker.chain;
        },
      };
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const all = [...workers.values()].flat();
      for (const w of all) w.stopped = true;
      await Promise.all(all.map((w) => w.chain));
    },
  };
}
