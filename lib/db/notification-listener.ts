/**
 * A dedicated PostgreSQL session that LISTENs on one channel and stays connected: a lost connection is replaced
 * (backing off up to a few seconds), and a heartbeat finds a connection that died without a word. Notifications
 * sent while no session listened are lost for good, so whoever derives state from them is told when listening starts
 * (`onConnected`, after LISTEN took effect) and stops (`onDisconnected`), and must not trust that state in between.
 *
 * `settle()` resolves once every notification of every transaction that committed before the call has been handled:
 * it sends a notification of its own and waits for it, and PostgreSQL delivers notifications in commit order.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface NotificationListener {
  readonly connected: boolean;
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  connection: pg.ClientConfig;
  channel: string;
  onNotification(payload: string): void;
  /**
   * Listening has started on `session`; may query it (to catch up on what was missed) before the listener goes on.
   * Notifications that arrive meanwhile are handled as they come.
   */
  onConnected(session: pg.ClientBase): void | Promise<void>;
  onDisconnected(): void;
  /** How often the session is asked a trivial query; one left unanswered for this long ends it. Default 5000. */
  heartbeatMs?: number;
  log?: { warn(details: object, message: string): void };
}

const SETTLE = "settle:";
const MAX_BACKOFF_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function listenForNotifications(options: ListenOptions): NotificationListener {
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const self = randomUUID();
  const settling = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let sequence = 0;
  let wake: () => void = () => {};

  const releaseSettlers = () => {
    for (const resolve of settling.values()) resolve();
    settling.clear();
  };

  function onNotification(message: pg.Notification) {
    if (message.channel !== options.channel) return;
    const payload = message.payload ?? "";
    if (!payload.startsWith(SETTLE)) return options.onNotification(payload);
    settling.get(payload)?.();
    settling.delete(payload);
  }

  /** Resolves when the session is lost: it ended, failed, missed a heartbeat, or the listener closes. */
  function untilLost(c: pg.Client): Promise<void> {
    return new Promise((resolve) => {
      let answered = true;
      const beat = setInterval(() => {
        if (!answered) return lost();
        answered = false;
        c.query("SELECT 1").then(() => (answered = true), lost);
      }, heartbeatMs);
      beat.unref();
      function lost() {
        clearInterval(beat);
        c.removeListener("end", lost);
        c.removeListener("error", lost);
        resolve();
      }
      c.once("end", lost);
      c.once("error", lost);
      wake = lost;
    });
  }

  async function open(): Promise<pg.Client | null> {
    const c = new pg.Client({ ...options.connection, keepAlive: true, application_name: "read-cache-listener" });
    c.on("error", () => {}); // reported through untilLost
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(options.channel)}`);
      return c;
    } catch (error) {
      if (!closed)
        options.log?.warn(
          { err: error, channel: options.channel },
          "notification listener could not connect; retrying",
        );
      c.end().catch(() => {});
      return null;
    }
  }

  async function run() {
    let backoff = 100;
    while (!closed) {
      const c = await open();
      if (!c) {
        await sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        continue;
      }
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      backoff = 100;
      client = c;
      c.on("notification", onNotification);
      const lost = untilLost(c);
      try {
        await options.onConnected(c);
      } catch (error) {
        options.log?.warn({ err: error, channel: options.channel }, "notification listener could not catch up");
        wake();
      }
      await lost;
      client = null;
      options.onDisconnected();
      releaseSettlers();
      c.end().catch(() => {});
      if (!closed)
        options.log?.warn({ channel: options.channel }, "notification listener lost its connection; reconnecting");
    }
  }

  const running = run();

  return {
    get connected() {
      return client !== null;
    },
    settle() {
      if (!client) return Promise.resolve();
      const token = `${SETTLE}${self}:${++sequence}`;
      const done = new Promise<void>((resolve) => settling.set(token, resolve));
      client.query("SELECT pg_notify($1, $2)", [options.channel, token]).catch(() => settling.get(token)?.());
      return done;
    },
    async close() {
      closed = true;
      wake();
      releaseSettlers();
      await running;
    },
  };
}
