/**
 * The callback receiver's counts (lib/relay/callback-tally.ts), kept in governor.callback_counts per minute and
 * outcome. Counting only adds to a map in memory; every flushMs (default 10 s) the map is added to the table in one
 * upsert, so the receiver's cost does not grow with a flood of bad signatures and a crash loses at most one interval.
 * A flush that fails keeps its counts for the next one. Rows older than keepDays (default 35) are pruned hourly.
 */
import type { CallbackCountOutcome, CallbackTally } from "../../lib/relay/callback-tally.js";
import type { Log } from "../../lib/log.js";
import { silentLog } from "../../lib/log.js";
import type { Queryable } from "../db.js";

export interface StoredCallbackTally extends CallbackTally {
  /** Adds what was counted so far to the table. */
  flush(): Promise<void>;
  /** Stops the periodic flush and flushes once more. */
  close(): Promise<void>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function createCallbackTally(deps: {
  db: Queryable;
  now?: () => number;
  flushMs?: number;
  keepDays?: number;
  log?: Log;
}): StoredCallbackTally {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? silentLog;
  const keepMs = (deps.keepDays ?? 35) * DAY;
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  async function write(batch: Map<string, number>) {
    const minutes: number[] = [];
    const outcomes: string[] = [];
    const counts: number[] = [];
    for (const [key, n] of batch) {
      const [minute, outcome] = key.split(" ") as [string, string];
      minutes.push(Number(minute));
      outcomes.push(outcome);
      counts.push(n);
    }
    await deps.db.query(
      `INSERT INTO governor.callback_counts (minute_at, outcome, n)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[])
       ON CONFLICT (minute_at, outcome) DO UPDATE SET n = governor.callback_counts.n + EXCLUDED.n`,
      [minutes, outcomes, counts],
    );
  }

  async function flushOnce() {
    const batch = pending;
    pending = new Map();
    if (batch.size > 0) {
      try {
        await write(batch);
      } catch (e) {
        for (const [key, n] of batch) pending.set(key, (pending.get(key) ?? 0) + n);
        throw e;
      }
    }
    const at = now();
    if (at - prunedAt >= HOUR) {
      await deps.db.query("DELETE FROM governor.callback_counts WHERE minute_at < $1", [at - keepMs]);
      prunedAt = at;
    }
  }

  const flush = () => (flushing = flushing.catch(() => {}).then(flushOnce));
  const timer = setInterval(
    () => void flush().catch((err) => log.warn({ err }, "callback counts: flush failed (kept for the next one)")),
    deps.flushMs ?? 10_000,
  );
  timer.unref();

  return {
    count(outcome: CallbackCountOutcome) {
      const key = `${Math.floor(now() / MINUTE) * MINUTE} ${outcome}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
