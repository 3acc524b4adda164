/**
 * The governor's ticks as the operator reads them: each tick decision's inputs (the fleet it read, headroom, the
 * reserve, what it submitted per drain) flattened into one shape, for the console's last ticks and its 24-hour chart
 * and for the fleet-health snapshot. Claims still running or closed as abandoned are ticks too, without inputs.
 */
import type { TaskKind } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import type { DrainReport, TickReport } from "../tick/run-tick.js";

/** A span of time, epoch milliseconds, from inclusive, to exclusive. */
export interface Window {
  from: number;
  to: number;
}

export interface TickObservation {
  slotAt: number;
  claimedAt: number;
  claimedBy: string;
  /** null while running. */
  decidedAt: number | null;
  /** done, error, running (claimed, not decided yet), abandoned (its claimer died: decisions-store.ts). */
  outcome: string;
  /** Headroom control on (both GOVERNOR_ENABLED and the settings row); null when the tick did not get that far. */
  enabled: boolean | null;
  fleet: { nodes: number; freeSlots: number; queue: { depth: number; cap: number } | null } | null;
  fleetError: string | null;
  reserve: number | null;
  reserveBinds: boolean | null;
  headroom: number | null;
  headroomBasis: string | null;
  submittedLastHour: number | null;
  budget: number | null;
  drains: Record<TaskKind, DrainReport> | null;
  /** Tasks the tick's sweep closed as timed out. */
  swept: number;
  error: string | null;
}

const numberOr = (v: unknown, fallback: number | null) => (typeof v === "number" ? v : fallback);

interface DecisionRecord {
  slot_at: number;
  claimed_at: number;
  claimed_by: string;
  decided_at: number | null;
  outcome: string;
  inputs: Record<string, unknown> | null;
}

export function tickObservation(r: DecisionRecord): TickObservation {
  const i = (r.inputs ?? {}) as Omit<TickReport, "slot_at" | "outcome">;
  const fleet = i.fleet ? { nodes: i.fleet.nodes, freeSlots: i.fleet.free_slots, queue: i.fleet.queue ?? null } : null;
  return {
    slotAt: r.slot_at,
    claimedAt: r.claimed_at,
    claimedBy: r.claimed_by,
    decidedAt: r.decided_at,
    outcome: r.outcome,
    enabled: typeof i.enabled === "boolean" ? i.enabled : null,
    fleet,
    fleetError: i.fleet_error ?? null,
    reserve: numberOr(i.reserve, null),
    reserveBinds: typeof i.reserve_binds === "boolean" ? i.reserve_binds : null,
    headroom: numberOr(i.headroom, null),
    headroomBasis: i.headroom_basis ?? null,
    submittedLastHour: numberOr(i.submitted_last_hour, null),
    budget: numberOr(i.budget, null),
    drains: i.drains ?? null,
    swept: Array.isArray(i.swept) ? i.swept.length : 0,
    error: i.error ?? null,
  };
}

const COLUMNS = "slot_at, claimed_at, claimed_by, decided_at, outcome, inputs";

/** The newest `limit` ticks, newest first. */
export async function lastTicks(q: Queryable, limit: number): Promise<TickObservation[]> {
  const { rows } = await q.query(
    `SELECT ${COLUMNS} FROM governor.decisions WHERE kind = 'tick' ORDER BY slot_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map(tickObservation);
}

/** Every tick whose slot lies in the window, oldest first (a day holds 288). */
export async function tickSeries(q: Queryable, window: Window): Promise<TickObservation[]> {
  const { rows } = await q.query(
    `SELECT ${COLUMNS} FROM governor.decisions WHERE kind = 'tick' AND slot_at >= $1 AND slot_at < $2 ORDER BY slot_at`,
    [window.from, window.to],
  );
  return rows.map(tickObservation);
}
