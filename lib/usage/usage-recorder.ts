/**
 * A gateway's usage counters: requests and reads are counted in memory (tallies.ts) and added to PostgreSQL every
 * `flushMs` and once more on close. A crash loses what was counted since the last flush, at most one interval. A
 * flush that fails (the database away) puts its counts back, so they go out with the next one; the failure is
 * logged once per outage, never per request. A flush the database refuses for its data (SQLSTATE classes 22 and 23:
 * a value past a column's bound, a check) is dropped with an error line instead, so one bad row cannot stop every
 * later flush.
 */
import { inTransaction } from "../db/transaction.js";
import type { Pool } from "../db/pool.js";
import type { Log } from "../log.js";
import { UsageTallies, type ItemRead, type RequestUse } from "./tallies.js";
import { writeTallies } from "./usage-writer.js";

export interface UsageRecorder {
  request(use: RequestUse): void;
  read(read: ItemRead): void;
  /** Writes what was counted so far (tests, and close). */
  flush(): Promise<void>;
  /** Stops the timer and flushes one last time. */
  close(): Promise<void>;
}

export interface UsageRecorderOptions {
  /** The owner connection (a small pool of its own: the read path never waits on it). */
  pool: Pool;
  /** USAGE_FLUSH_MS; 0: only on flush() and close(). */
  flushMs: number;
  log?: Pick<Log, "warn" | "error">;
}

export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const tallies = new UsageTallies();
  let failing = false;

  async function writeOnce(): Promise<void> {
    if (tallies.empty) return;
    const snapshot = tallies.take();
    try {
      await inTransaction(options.pool, (client) => writeTallies(client, snapshot));
      if (failing) options.log?.warn({}, "usage counts are written again");
      failing = false;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === "string" && /^2[23]/.test(code)) {
        const rows = snapshot.requests.length + snapshot.reads.length;
        options.log?.error({ err, rows }, "usage counts refused by the database for their data; dropped");
        return;
      }
      tallies.restore(snapshot);
      if (!failing) options.log?.warn({ err }, "usage counts could not be written; kept for the next flush");
      failing = true;
    }
  }

  // One flush at a time: a slow write is followed, not overlapped, by the next (writeOnce never rejects).
  let chain: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => (chain = chain.then(writeOnce));

  const timer = options.flushMs > 0 ? setInterval(() => void flush(), options.flushMs) : undefined;
  timer?.unref();

  return {
    request: (use) => tallies.request(use),
    read: (read) => tallies.read(read),
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
