/**
 * Splits what a tick may submit across the drains in their scheduled order (chain_tag, then logic_extract), within
 * the per-drain and per-tick ceilings, the room left under the rolling hourly ceiling, and the fleet's headroom.
 */
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import type { TaskKind } from "../../lib/relay/ceilings.js";

export interface AllocationInput {
  /** null: no headroom control (kill switch). */
  headroom: number | null;
  /** Submissions in the trailing 60 minutes. */
  submittedLastHour: number;
  /** Subjects each drain has waiting (at most its ceiling need be known). */
  candidates: Record<TaskKind, number>;
}

export interface Allocation {
  /** What the tick may submit in all: min(per-tick total, hourly room, headroom). */
  budget: number;
  hourlyRoom: number;
  byKind: Record<TaskKind, number>;
}

export function allocate(input: AllocationInput): Allocation {
  const hourlyRoom = Math.max(0, CEILINGS.perHour - input.submittedLastHour);
  const budget = Math.max(0, Math.min(CEILINGS.perTickTotal, hourlyRoom, input.headroom ?? Number.POSITIVE_INFINITY));
  const byKind = { chain_tag: 0, logic_extract: 0 } satisfies Record<TaskKind, number>;
  let left = budget;
  for (const kind of DRAIN_ORDER) {
    const n = Math.max(0, Math.min(CEILINGS.perTick[kind], input.candidates[kind], left));
    byKind[kind] = n;
    left -= n;
  }
  return { budget, hourlyRoom, byKind };
}
