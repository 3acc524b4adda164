/**
 * research_queue_pulse, viewer:read: the governor's queue (spec §8): tasks in flight, submissions in the rolling
 * hour against the hourly ceiling, the usable headroom of the last tick and the edge reserve, and the last tick
 * and kickoff decisions. Empty but valid until a governor serves the pulse (queue-pulse-source.ts).
 */
import { KickoffDecisionSchema, TickDecisionSchema } from "../../../gen/institute/governor/v1/governor_pb.js";
import { CEILINGS } from "../../../lib/relay/ceilings.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { bool, int, nullableInt, object } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { queuePulseSource } from "./queue-pulse-source.js";
import { NO_ARGUMENTS } from "./tool-schemas.js";

/** Spec §8: the free relay slots held back from edge dispatch, and the per-hour submission ceiling. */
const EDGE_RESERVE = CEILINGS.reserve;
const HOURLY_CEILING = CEILINGS.perHour;

const count = { type: "integer", minimum: 0 } as const;
const decision = { type: ["object", "null"], additionalProperties: true } as const;

export const queuePulseOutput = object({
  governor_present: {
    ...bool,
    description: "Whether a governor answered; false: no governor runs, and the pulse is empty.",
  },
  enabled: {
    type: ["boolean", "null"],
    description:
      "The governor's headroom control is on (GOVERNOR_ENABLED and the operator setting); null without a governor.",
  },
  in_flight: { ...count, description: "Tasks submitted and not yet closed." },
  in_flight_by_kind: { type: "object", additionalProperties: count, description: "In-flight tasks per task kind." },
  submitted_this_hour: { ...count, description: "Submissions in the trailing 60 minutes." },
  hourly_ceiling: { ...int, description: "The most submissions per hour (spec §8)." },
  pending_callbacks: { ...count, description: "Verified relay callbacks not yet applied." },
  last_headroom: {
    ...nullableInt,
    description:
      "Usable headroom at the last tick (free slots minus the reserve); null before any tick or under the kill switch.",
  },
  reserve: { ...int, description: "The edge reserve: relay slots held back from edge dispatch (spec §8)." },
  last_decision: { ...decision, description: "The last tick's decision with its inputs; null before any." },
  last_kickoff: { ...decision, description: "The last topic-pool kickoff decision; null before any." },
});

const queuePulse: ToolDefinition<Record<string, never>> = {
  name: "research_queue_pulse",
  title: "The research queue's pulse",
  description:
    "The governor's background research queue: in flight, submitted this hour against the ceiling, last headroom and edge reserve, last tick and kickoff decisions. Empty (governor_present false) when no governor runs.",
  grant: { scope: "viewer:read" },
  toolset: "operations",
  inputSchema: NO_ARGUMENTS,
  outputSchema: queuePulseOutput,
  pager: "none",
  async call(_args, { clients }) {
    const pulse = await queuePulseSource(clients).read();
    if (!pulse) {
      return {
        governor_present: false,
        enabled: null,
        in_flight: 0,
        in_flight_by_kind: {},
        submitted_this_hour: 0,
        hourly_ceiling: HOURLY_CEILING,
        pending_callbacks: 0,
        last_headroom: null,
        reserve: EDGE_RESERVE,
        last_decision: null,
        last_kickoff: null,
      };
    }
    return {
      governor_present: true,
      enabled: pulse.enabled,
      in_flight: pulse.inFlight,
      in_flight_by_kind: Object.fromEntries(pulse.inFlightByKind.map((k) => [k.kind, k.count])),
      submitted_this_hour: pulse.submittedLastHour,
      hourly_ceiling: pulse.hourlyCeiling,
      pending_callbacks: pulse.pendingCallbacks,
      last_headroom: pulse.lastTick?.headroom ?? null,
      reserve: EDGE_RESERVE,
      last_decision: pulse.lastTick ? protoToJson(TickDecisionSchema, pulse.lastTick) : null,
      last_kickoff: pulse.lastKickoff ? protoToJson(KickoffDecisionSchema, pulse.lastKickoff) : null,
    };
  },
};

export const GOVERNOR_TOOLS: ToolDefinition[] = [queuePulse];
