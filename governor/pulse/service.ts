/** GovernorService: the queue pulse, built from the governor's tables (read through the pool it is given). */
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  DrainDecisionSchema,
  KickoffDecisionSchema,
  QueuePulseSchema,
  TickDecisionSchema,
  type GovernorService,
} from "../../gen/institute/governor/v1/governor_pb.js";
import type { Queryable } from "../db.js";
import type { DecisionRow } from "../decisions-store.js";
import type { DrainReport, TickReport } from "../tick/run-tick.js";
import type { KickoffReport } from "../kickoff/run-kickoff.js";
import { HOURLY_CEILING, readPulse } from "./pulse-store.js";

export interface PulseDeps {
  db: Queryable;
  enabledByConfig: boolean;
  now: () => number;
}

const num = (v: unknown) => (typeof v === "number" ? v : undefined);

function tickDecision(row: DecisionRow) {
  const i = row.inputs as Omit<TickReport, "slot_at" | "outcome">;
  const drains = Object.entries(i.drains ?? {}) as [string, DrainReport][];
  return create(TickDecisionSchema, {
    slotAt: BigInt(row.slotAt),
    decidedAt: BigInt(row.decidedAt),
    outcome: row.outcome,
    enabled: i.enabled ?? false,
    fleetNodes: num(i.fleet?.nodes),
    freeSlots: num(i.fleet?.free_slots),
    fleetError: i.fleet_error,
    reserve: i.reserve ?? 0,
    reserveBinds: i.reserve_binds ?? false,
    headroom: num(i.headroom),
    headroomBasis: i.headroom_basis ?? "",
    submittedLastHour: i.submitted_last_hour ?? 0,
    budget: i.budget ?? 0,
    swept: i.swept?.length ?? 0,
    drains: drains.map(([kind, d]) => create(DrainDecisionSchema, { kind, ...d })),
  });
}

function kickoffDecision(row: DecisionRow) {
  const i = row.inputs as Omit<KickoffReport, "slot_at" | "outcome">;
  return create(KickoffDecisionSchema, {
    slotAt: BigInt(row.slotAt),
    decidedAt: BigInt(row.decidedAt),
    outcome: row.outcome,
    poolId: i.pool_id,
    boardId: i.board_id,
    gateDecision: i.gate?.decision,
    topCosine: i.gate?.top_cosine ?? undefined,
    expired: i.expired?.length ?? 0,
  });
}

export function createGovernorService(deps: PulseDeps): ServiceImpl<typeof GovernorService> {
  return {
    async getQueuePulse() {
      const f = await readPulse(deps.db, deps.enabledByConfig, deps.now());
      const inFlight = Object.values(f.inFlight).reduce((a, b) => a + b, 0);
      return {
        pulse: create(QueuePulseSchema, {
          generatedAt: BigInt(f.generatedAt),
          enabled: f.killSwitch.enabled,
          enabledByConfig: f.killSwitch.byConfig,
          enabledBySetting: f.killSwitch.bySetting,
          inFlight,
          inFlightByKind: Object.entries(f.inFlight).map(([kind, count]) => ({ kind, count })),
          submittedLastHour: f.submittedLastHour,
          hourlyCeiling: HOURLY_CEILING,
          pendingCallbacks: f.pendingCallbacks,
          lastTick: f.lastTick ? tickDecision(f.lastTick) : undefined,
          lastKickoff: f.lastKickoff ? kickoffDecision(f.lastKickoff) : undefined,
        }),
      };
    },
  };
}
