/**
 * The contract's `limits` and `submission` sections (spec §8). Every figure is read from the code that applies it:
 * REST bounds from the route schemas (rest/contract-section.ts), the request rate from the limiter's configuration
 * (rate-limit/contract-section.ts), the field limits and search bounds from the services' own constants, and the
 * submission ceilings and tick from the constants the governor runs on. None is typed here.
 */
import { CEILINGS, DRAIN_ORDER, TICK } from "../../lib/relay/ceilings.js";
import { WHITEBOARD_METADATA_PREVIEW_MAX } from "../../services/catalog/metadata-preview.js";
import { SIMILAR_TOP_K } from "../../services/factcard/vocabulary.js";
import { LATEST_DAILY_LOOKBACK_DAYS } from "../../services/reports/service.js";
import { QUERY_CHARS, TOP_K } from "../../services/search/limits.js";

export function limitsSection(rest: readonly object[], requestRate: object | null) {
  return {
    rest,
    search_query_length: { minimum: QUERY_CHARS.min, maximum: QUERY_CHARS.max },
    search_top_k: { minimum: TOP_K.min, maximum: TOP_K.max, default: TOP_K.fallback },
    similar_facts_top_k: { minimum: SIMILAR_TOP_K.min, maximum: SIMILAR_TOP_K.max, default: SIMILAR_TOP_K.fallback },
    latest_daily_lookback_days: LATEST_DAILY_LOOKBACK_DAYS,
    whiteboard_metadata_preview_max: WHITEBOARD_METADATA_PREVIEW_MAX,
    action_extraction_text_truncation: CEILINGS.extractTextMax,
    out_of_range:
      "a limit or enum value outside the documented set is a 400 (REST) or a validation error (tools), never clamped",
    request_rate: requestRate,
  };
}

export function submissionSection() {
  return {
    schedule: TICK.cron,
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
