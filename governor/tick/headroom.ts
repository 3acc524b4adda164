/**
 * Spec §8, the edge reserve (docs/governor.md). While the governor is enabled, usable headroom is the relay's free
 * slots minus the reserve; the reserve binds (leaves no headroom) exactly when the fleet is non-empty and its free
 * slots are at or below the reserve. An empty fleet is the relay's own business: it queues up to its depth cap, so
 * the headroom is the room left in that queue and no reserve applies. With the kill switch off there is no headroom
 * control at all: no reserve, and only the hard ceilings limit a tick.
 */
import { CEILINGS } from "../../lib/relay/ceilings.js";
import type { Fleet } from "../relay/relay-client.js";

export type HeadroomBasis = "free-slots" | "relay-queue" | "kill-switch" | "fleet-unavailable";

export interface Headroom {
  basis: HeadroomBasis;
  /** The reserve subtracted this tick (0 when it does not apply). */
  reserve: number;
  /** The reserve left no headroom: non-empty fleet, free slots <= reserve. */
  reserveBinds: boolean;
  /** Tasks the fleet can take this tick; null: not limited by the fleet (kill switch). */
  headroom: number | null;
}

export function computeHeadroom(enabled: boolean, fleet: Fleet | null, reserve: number = CEILINGS.reserve): Headroom {
  if (!enabled) return { basis: "kill-switch", reserve: 0, reserveBinds: false, headroom: null };
  if (!fleet) return { basis: "fleet-unavailable", reserve: 0, reserveBinds: false, headroom: 0 };
  if (fleet.nodes === 0) {
    const room = fleet.queue ? Math.max(0, fleet.queue.cap - fleet.queue.depth) : 0;
    return { basis: "relay-queue", reserve: 0, reserveBinds: false, headroom: room };
  }
  return {
    basis: "free-slots",
    reserve,
    reserveBinds: fleet.freeSlots <= reserve,
    headroom: Math.max(0, fleet.freeSlots - reserve),
  };
}
