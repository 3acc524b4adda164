/**
 * One tick (spec §8), in order: sweep overdue tasks; read the fleet; compute headroom (edge reserve); allocate across
 * chain_tag then logic_extract within the per-tick and rolling per-hour ceilings; submit and record each task. The
 * slot is claimed first (a slot runs once across replicas) and ticks are serialised on an advisory lock, so the
 * hourly count a tick reads cannot race another tick's submissions. Every decision is recorded with its inputs.
 */
import type { Pool } from "../../lib/db/pool.js";
import type { Log } from "../../lib/log.js";
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import {
  claimSlot,
  closeAbandoned,
  completeDecision,
  releaseClaim,
  type AbandonedDecision,
} from "../decisions-store.js";
import { RelayError, type Fleet, type RelayClient } from "../relay/relay-client.js";
import type { TaskKind } from "../../lib/relay/ceilings.js";
import { readKillSwitch } from "../settings-store.js";
import { allocate } from "./allocate.js";
import { DRAINS, type DrainItem } from "./drains.js";
import { computeHeadroom } from "./headroom.js";
import { submitAllocated, type DrainReport, type TickTask } from "./submit-tasks.js";
import { countSubmittedSince, sweepOverdue } from "./tasks-store.js";

const TICK_LOCK = 7_300_460; // advisory lock: one tick at a time across every replica

export interface TickDeps {
  db: Pool;
  relay: RelayClient;
  now: () => number;
  log: Log;
  enabledByConfig: boolean;
  callbackUrl: string;
  replicaId: string;
  newTaskId?: () => string;
}

export type { DrainReport, TickTask } from "./submit-tasks.js";

export interface TickReport {
  slot_at: number;
  outcome: "done" | "duplicate-slot" | "error";
  enabled?: boolean;
  kill_switch?: { config: boolean; setting: boolean };
  fleet?: { nodes: number; free_slots: number; queue: Fleet["queue"] } | null;
  fleet_error?: string;
  reserve?: number;
  reserve_binds?: boolean;
  headroom?: number | null;
  headroom_basis?: string;
  submitted_last_hour?: number;
  hourly_ceiling?: number;
  hourly_room?: number;
  budget?: number;
  drains?: Record<TaskKind, DrainReport>;
  swept?: string[];
  /** Claims of dead claimers this tick closed (decisions-store.ts). */
  abandoned?: AbandonedDecision[];
  tasks?: TickTask[];
  error?: string;
}

export async function runTick(deps: TickDeps, slotAt: number): Promise<TickReport> {
  // The claim, the tick and its completion run on one session, which holds the claim until it is completed: if this
  // process dies mid-tick the session ends, and the next tick closes the claim as abandoned (decisions-store.ts).
  const client = await deps.db.connect();
  let lost: Error | undefined;
  let decisionId: number | null = null;
  const report: TickReport = { slot_at: slotAt, outcome: "done" };
  try {
    decisionId = await claimSlot(client, "tick", slotAt, deps.now(), deps.replicaId, { hold: true });
    if (decisionId === null) {
      deps.log.info({ slotAt }, "governor tick: slot already taken");
      return { slot_at: slotAt, outcome: "duplicate-slot" };
    }
    try {
      await client.query("SELECT pg_advisory_lock($1)", [TICK_LOCK]);
      try {
        await tickLocked(deps, client, slotAt, decisionId, report);
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [TICK_LOCK]);
      }
    } catch (e) {
      report.outcome = "error";
      report.error = (e as Error).message;
      deps.log.error({ err: e, slotAt }, "governor tick failed");
    }
    const { outcome, slot_at: _slot, ...inputs } = report;
    await completeDecision(client, decisionId, outcome, inputs, deps.now());
    await releaseClaim(client, decisionId);
  } catch (e) {
    lost = e as Error;
  } finally {
    // A session that failed is closed rather than pooled: it may still hold the claim or the tick lock.
    client.release(lost);
  }
  if (lost) {
    if (decisionId === null) throw lost; // not even claimed: the bus redelivers the slot
    // The claim's session is gone; record the outcome through another one, unless a tick closed it meanwhile.
    const { outcome, slot_at: _slot, ...inputs } = report;
    await completeDecision(deps.db, decisionId, outcome, { ...inputs, session_lost: lost.message }, deps.now()).catch(
      (err) =>
        deps.log.error({ err, slotAt }, "governor tick: could not record the decision (the next tick closes it)"),
    );
  }
  deps.log.info(
    {
      slotAt,
      outcome: report.outcome,
      enabled: report.enabled,
      freeSlots: report.fleet?.free_slots,
      reserve: report.reserve,
      headroom: report.headroom,
      submittedLastHour: report.submitted_last_hour,
      chainTag: report.drains?.chain_tag.submitted,
      logicExtract: report.drains?.logic_extract.submitted,
      swept: report.swept?.length,
      abandoned: report.abandoned?.length,
    },
    "governor tick",
  );
  return report;
}

async function tickLocked(deps: TickDeps, client: Queryable, slotAt: number, own: number, report: TickReport) {
  // 0. Claims whose claimer died (a governor killed mid-tick) are closed, never left running.
  const abandoned = await closeAbandoned(client, deps.now(), deps.replicaId, own);
  if (abandoned.length) report.abandoned = abandoned;
  for (const a of abandoned)
    deps.log.warn({ kind: a.kind, slotAt: a.slot_at, claimedBy: a.claimed_by }, "governor: closed an abandoned claim");

  // 1. Sweep.
  const swept = await sweepOverdue(client, deps.now());
  report.swept = swept.map((t) => t.taskId);
  for (const t of swept)
    deps.log.warn({ taskId: t.taskId, kind: t.kind, subjectId: t.subjectId }, "governor: task timed out locally");

  // 2. Fleet and headroom.
  const killSwitch = await readKillSwitch(client, deps.enabledByConfig);
  report.enabled = killSwitch.enabled;
  report.kill_switch = { config: killSwitch.byConfig, setting: killSwitch.bySetting };
  let fleet: Fleet | null = null;
  try {
    fleet = await deps.relay.readFleet();
    report.fleet = { nodes: fleet.nodes, free_slots: fleet.freeSlots, queue: fleet.queue };
  } catch (e) {
    report.fleet = null;
    report.fleet_error = e instanceof RelayError ? e.message : `fleet: ${(e as Error).message}`;
  }
  const headroom = computeHeadroom(killSwitch.enabled, fleet);
  Object.assign(report, {
    reserve: headroom.reserve,
    reserve_binds: headroom.reserveBinds,
    headroom: headroom.headroom,
    headroom_basis: headroom.basis,
  });

  // 3. Allocate.
  const submittedLastHour = await countSubmittedSince(client, deps.now());
  const candidates = {} as Record<TaskKind, DrainItem[]>;
  const preliminary = allocate({
    headroom: headroom.headroom,
    submittedLastHour,
    candidates: { chain_tag: Infinity, logic_extract: Infinity },
  });
  for (const kind of DRAIN_ORDER)
    candidates[kind] = await DRAINS[kind](client, preliminary.budget > 0 ? CEILINGS.perTick[kind] : 0);
  const allocation = allocate({
    headroom: headroom.headroom,
    submittedLastHour,
    candidates: { chain_tag: candidates.chain_tag.length, logic_extract: candidates.logic_extract.length },
  });
  Object.assign(report, {
    submitted_last_hour: submittedLastHour,
    hourly_ceiling: CEILINGS.perHour,
    hourly_room: allocation.hourlyRoom,
    budget: allocation.budget,
  });
  const drains = {} as Record<TaskKind, DrainReport>;
  for (const kind of DRAIN_ORDER) {
    drains[kind] = {
      ceiling: CEILINGS.perTick[kind],
      candidates: candidates[kind].length,
      allocated: allocation.byKind[kind],
      submitted: 0,
      refused: 0,
      unknown: 0,
    };
  }
  report.drains = drains;

  // 4. Submit and record.
  report.tasks = await submitAllocated(deps, client, slotAt, candidates, allocation.byKind, drains);
}
