/** What the queue pulse reads: open tasks, the rolling hour, the inbox backlog, the latest decisions. */
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import { latestDecision, type DecisionRow } from "../decisions-store.js";
import { readKillSwitch, type KillSwitch } from "../settings-store.js";
import { countSubmittedSince } from "../tick/tasks-store.js";

export interface PulseFacts {
  generatedAt: number;
  killSwitch: KillSwitch;
  inFlight: Record<string, number>;
  submittedLastHour: number;
  pendingCallbacks: number;
  lastTick: DecisionRow | null;
  lastKickoff: DecisionRow | null;
}

export async function readPulse(q: Queryable, enabledByConfig: boolean, now: number): Promise<PulseFacts> {
  const open = await q.query(
    `SELECT kind, count(*)::int AS n FROM governor.tasks WHERE status IN ('submitting', 'submitted') GROUP BY kind`,
  );
  const inFlight = Object.fromEntries(DRAIN_ORDER.map((k) => [k, 0])) as Record<string, number>;
  for (const r of open.rows) inFlight[r.kind] = r.n;
  const pending = await q.query("SELECT count(*)::int AS n FROM governor.deliveries WHERE applied_at IS NULL");
  return {
    generatedAt: now,
    killSwitch: await readKillSwitch(q, enabledByConfig),
    inFlight,
    submittedLastHour: await countSubmittedSince(q, now),
    pendingCallbacks: pending.rows[0].n,
    lastTick: await latestDecision(q, "tick"),
    lastKickoff: await latestDecision(q, "kickoff"),
  };
}

export const HOURLY_CEILING = CEILINGS.perHour;
