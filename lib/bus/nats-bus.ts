/**
 * The cluster bus: NATS JetStream. One stream holds the governor's subjects; a publication carries its message id
 * (Nats-Msg-Id) so the stream's duplicate window stores each slot once however many replicas publish it. Each
 * subject has one durable pull consumer with explicit acks, shared by every replica, so a message is handled once.
 * Names are prefixed by a namespace so test runs (or deployments) sharing a server never meet.
 */
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from "@nats-io/jetstream";
import { connect, nanos, type NatsConnection } from "@nats-io/transport-node";
import type { Log } from "../log.js";
import { silentLog } from "../log.js";
import { checkNamespace, SUBJECTS, type Bus, type BusHandler, type Consumption, type Subject } from "./bus.js";

export interface NatsBusOptions {
  servers: string;
  /** Prefixes subjects (`<ns>.governor.tick`), the stream (`<ns>_INSTITUTE_GOVERNOR`) and consumer names. */
  namespace?: string;
  /** Connection name shown by the server. */
  name?: string;
  log?: Log;
  duplicateWindowMs?: number;
  maxAgeMs?: number;
  ackWaitMs?: number;
  maxDeliver?: number;
  retryDelayMs?: number;
}

export interface NatsBus extends Bus {
  readonly stream: string;
  subjectOf(subject: Subject): string;
  /** Messages the stream holds now (tests read it to see duplicates were stored once). */
  storedMessages(): Promise<number>;
  /** Deletes the stream and its consumers (test teardown). */
  removeStream(): Promise<void>;
}

const WORKING_EVERY_MS = 20_000;

export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  const ns = checkNamespace(options.namespace ?? "");
  const log = options.log ?? silentLog;
  const stream = `${ns ? `${ns}_` : ""}INSTITUTE_GOVERNOR`;
  const subjectOf = (s: Subject) => (ns ? `${ns}.${s}` : s);
  const consumerOf = (s: Subject) => `${ns ? `${ns}_` : ""}${s.replace(/\./g, "_")}`;
  const ackWaitMs = options.ackWaitMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? 5_000;

  const nc: NatsConnection = await connect({
    servers: options.servers.split(",").map((s) => s.trim()),
    name: options.name ?? "institute-governor",
    maxReconnectAttempts: -1,
  });
  void nc
    .closed()
    .then((err) =>
      err ? log.error({ err }, "NATS connection closed with an error") : log.info({}, "NATS connection closed"),
    );
  void (async () => {
    for await (const s of nc.status())
      log.debug({ status: s.type, server: "server" in s ? s.server : undefined }, "NATS status");
  })().catch(() => {});

  const jsm = await jetstreamManager(nc);
  await ensureStream(jsm, stream, Object.values(SUBJECTS).map(subjectOf), options);
  const js = jetstream(nc);
  const consumptions = new Set<{ messages: ConsumerMessages; loop: Promise<void> }>();

  async function ensureConsumer(subject: Subject): Promise<string> {
    const durable = consumerOf(subject);
    const config = {
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(ackWaitMs),
      max_deliver: options.maxDeliver ?? 5,
      filter_subject: subjectOf(subject),
    };
    try {
      await jsm.consumers.info(stream, durable);
      await jsm.consumers.update(stream, durable, config);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await jsm.consumers.add(stream, { ...config, durable_name: durable, deliver_policy: DeliverPolicy.All });
    }
    return durable;
  }

  async function handle(subject: Subject, m: JsMsg, handler: BusHandler) {
    let payload: unknown;
    try {
      payload = m.json();
    } catch {
      log.warn({ subject, seq: m.seq }, "unreadable bus message dropped");
      m.term("unreadable");
      return;
    }
    const working = setInterval(() => m.working(), Math.min(WORKING_EVERY_MS, ackWaitMs / 2));
    try {
      await handler({
        subject,
        payload,
        msgId: m.headers?.get("Nats-Msg-Id") || undefined,
        deliveryCount: m.info.deliveryCount,
      });
      m.ack();
    } catch (e) {
      log.warn(
        { err: e, subject, seq: m.seq, deliveryCount: m.info.deliveryCount },
        "bus handler failed; redelivering later",
      );
      m.nak(retryDelayMs);
    } finally {
      clearInterval(working);
    }
  }

  return {
    kind: "nats",
    stream,
    subjectOf,
    async publish(subject, payload, opts = {}) {
      const ack = await js.publish(
        subjectOf(subject),
        JSON.stringify(payload ?? null),
        opts.msgId ? { msgID: opts.msgId } : undefined,
      );
      return { duplicate: ack.duplicate };
    },
    async consume(subject, handler): Promise<Consumption> {
      const durable = await ensureConsumer(subject);
      const consumer = await js.consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 1 });
      const loop = (async () => {
        for await (const m of messages) await handle(subject, m, handler);
      })().catch((err) => log.error({ err, subject }, "bus consumer stopped"));
      const entry = { messages, loop };
      consumptions.add(entry);
      return {
        async stop() {
          consumptions.delete(entry);
          await messages.close();
          await loop;
        },
      };
    },
    async ping() {
      if (nc.isClosed()) throw new Error("NATS connection closed");
      await nc.flush();
    },
    async storedMessages() {
      return (await jsm.streams.info(stream)).state.messages;
    },
    async removeStream() {
      await jsm.streams.delete(stream).catch((e) => {
        if (!isNotFound(e)) throw e;
      });
    },
    async close() {
      const all = [...consumptions];
      consumptions.clear();
      await Promise.all(all.map(async (c) => (await c.messages.close(), await c.loop)));
      if (!nc.isClosed()) await nc.drain();
    },
  };
}

async function ensureStream(jsm: JetStreamManager, name: string, subjects: string[], options: NatsBusOptions) {
  const config = {
    subjects,
    duplicate_window: nanos(options.duplicateWindowMs ?? 10 * 60_000),
    // Ticks are worthless after their slot; an hour bounds what a long outage can leave behind.
    max_age: nanos(options.maxAgeMs ?? 60 * 60_000),
  };
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    await jsm.streams.add({ name, ...config });
  }
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; code?: number; api_error?: { err_code?: number }; message?: string };
  return (
    err?.name === "StreamNotFoundError" ||
    err?.name === "ConsumerNotFoundError" ||
    /not found/i.test(err?.message ?? "")
  );
}
