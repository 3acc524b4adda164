/**
 * The contract's `limits` and `submission` sections (spec §8). REST bounds are read from the route schemas and
 * tool bounds from the registry; the submission ceilings are the governor's own constants.
 */
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import type { RateLimitConfig } from "../../lib/config/access.js";
import { requestRateSection } from "../rate-limit/contract-section.js";
import { parametersOf, type RestRoute } from "./route-catalog.js";

/** The governor's tick (spec §8: every 5 minutes). */
export const TICK_SCHEDULE = "*/5 * * * *";

const BOUNDED_PARAMETERS = new Set(["limit", "top_k"]);

export function limitsSection(routes: readonly RestRoute[], rateLimit?: RateLimitConfig) {
  const rest = routes.flatMap((route) =>
    parametersOf(route)
      .filter((p) => BOUNDED_PARAMETERS.has(p.name))
      .map((p) => ({
        route: `${route.method} ${route.path}`,
        parameter: p.name,
        minimum: p.schema.minimum ?? null,
        maximum: p.schema.maximum ?? null,
        default: p.schema.default ?? null,
      })),
  );
  return {
    rest,
    search_query_length: { minimum: 1, maximum: 500 },
    search_top_k: { minimum: 1, maximum: 12, default: 8 },
    similar_facts_top_k: { minimum: 1, maximum: 20, default: 5 },
    latest_daily_lookback_days: 3,
    whiteboard_metadata_preview_max: 1000,
    action_extraction_text_truncation: CEILINGS.extractTextMax,
    out_of_range:
      "a limit or enum value outside the documented set is a 400 (REST) or a validation error (tools), never clamped",
    request_rate: rateLimit ? requestRateSection(rateLimit) : null,
  };
}

export function submissionSection() {
  return {
    schedule: TICK_SCHEDULE,
    per_tick: { ...CEILINGS.perTick, total: CEILINGS.perTickTotal },
    per_hour: CEILINGS.perHour,
    ceilings_are_maxima: "the governor never exceeds these and may submit fewer",
    edge_reserve: {
      slots: CEILINGS.reserve,
      headroom: "usable headroom = free slots reported by the dispatch relay - the reserve",
      engages: [
        "on every edge dispatch decision of every tick while the governor is enabled",
        "not when the operator kill-switch has disabled the governor",
        "binds only when the relay reports a non-empty fleet whose free slots are at or below the reserve",
        "disjoint from the relay's own depth cap, which applies only when no node offers the hand",
      ],
      persisted: false,
    },
    headroom_allocation: { order: [...DRAIN_ORDER], rule: "split across drains in the order scheduled" },
    task_timeout_ms: CEILINGS.taskTimeoutMs,
    task_timeout_honoured_on_edge_path: false,
    disclosure:
      "the timeout sent with each task is not honoured on the relay's edge path; the local hard deadline bounds such tasks",
    local_hard_deadline_ms: CEILINGS.localDeadlineMs,
    local_hard_deadline_minutes: CEILINGS.localDeadlineMs / 60_000,
    deadline_sweep: "a sweep on the 5-minute tick ends overdue tasks, so tasks end in about 25 to 31 minutes",
  };
}
