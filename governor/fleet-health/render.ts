/**
 * The fleet-health snapshot as markdown (spec §4.1 rule 5): a summary, the fleet at each tick, headroom and the
 * reserve, submissions against the ceilings, timeouts, callbacks, relay errors, the tasks now, and last the fleet as
 * read at the moment of writing (or why it could not be read). Who asked for an on-demand snapshot is in the audit
 * log, not in the document, which every reports:read key may read.
 */
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import { TASK_STATES } from "../observe/index.js";
import type { FleetHealthFacts, FleetNow } from "./facts.js";
import { plural, range, sgtMinute, table, utcMinute } from "./markdown.js";
import { callbacks, fleetNow, headroom, relayErrors, submissions, timeouts } from "./render-sections.js";
import { everyTickTable, hourlyTable } from "./tick-tables.js";

export type SnapshotTrigger = "schedule" | "on-demand";

const TICK_MS = 5 * 60_000;

export function renderFleetHealth(
  facts: FleetHealthFacts,
  options: { generatedAt: number; trigger: SnapshotTrigger; fleetNow: FleetNow },
): string {
  const { window, ticks } = facts;
  const to = window.to - 1;
  const by =
    options.trigger === "schedule"
      ? "by the governor's daily schedule (00:00 Asia/Singapore)"
      : "on demand, at an operator's request";
  return (
    [
      `# Fleet health — ${sgtMinute(options.generatedAt)}`,
      `Generated at ${new Date(options.generatedAt).toISOString()} ${by}, from what the governor recorded between ` +
        `${utcMinute(window.from)} and ${utcMinute(to)} UTC; it ends with the fleet as read at that moment.`,
      "## Summary",
      summary(facts, options.fleetNow),
      "## The fleet at each tick",
      ticks.length === 0
        ? "No tick was recorded in these 24 hours: no governor ran, or none could reach the database."
        : [
            "Hour by hour (nodes, free slots and headroom as ranges over the hour's ticks):",
            hourlyTable(ticks, window.from, to),
            "### Every tick",
            everyTickTable(ticks),
          ].join("\n\n"),
      "## Headroom and the reserve",
      headroom(facts),
      "## Submissions against the ceilings",
      submissions(facts),
      "## Timeouts",
      timeouts(facts),
      "## Callbacks",
      callbacks(facts),
      "## Relay errors",
      relayErrors(facts),
      "## Tasks now",
      table(
        ["Kind", ...TASK_STATES],
        DRAIN_ORDER.map((k) => [k, ...TASK_STATES.map((s) => facts.tasksNow[k][s])]),
      ),
      "## The fleet now",
      fleetNow(options.fleetNow),
    ].join("\n\n") + "\n"
  );
}

function summary(f: FleetHealthFacts, now: FleetNow): string {
  const expected = Math.floor((f.window.to - 1 - f.window.from) / TICK_MS);
  const by = (outcome: string) => f.ticks.filter((t) => t.outcome === outcome).length;
  const read = f.ticks.filter((t) => t.fleet);
  const s = f.submissions;
  const c = f.callbacks;
  const e = f.relayErrors;
  return [
    `- Ticks: ${f.ticks.length} recorded of ${expected} slots (${by("done")} done, ${by("error")} failed, ` +
      `${by("abandoned")} abandoned by a governor that died, ${by("running")} running).`,
    `- Fleet: read at ${plural(read.length, "tick")}, unreadable at ${e.fleetReads.failed}; ` +
      `nodes ${range(read.map((t) => t.fleet!.nodes))}, free slots ${range(read.map((t) => t.fleet!.freeSlots))}.`,
    `- Reserve: bound at ${plural(f.ticks.filter((t) => t.reserveBinds).length, "tick")}; headroom control off ` +
      `(kill switch) at ${plural(f.ticks.filter((t) => t.enabled === false).length, "tick")}.`,
    `- Submissions: ${s.total} (${DRAIN_ORDER.map((k) => `${k} ${s.byKind[k].submitted}`).join(", ")}); at most ` +
      `${s.mostInOneTick} in one tick (ceiling ${CEILINGS.perTickTotal}), ${s.busiestHour?.count ?? 0} in the ` +
      `busiest hour (ceiling ${CEILINGS.perHour}).`,
    `- Timeouts: ${plural(f.timeouts.count, "task")} closed by the sweep.`,
    `- Callbacks: ${c.received} received, ${c.applied.total} applied, ${c.byOutcome.duplicate} duplicate, ` +
      `${c.byOutcome["refused-signature"]} refused for a bad signature; ${c.pending} waiting now.`,
    `- Relay errors: ${plural(e.fleetReads.failed, "fleet read")} failed, ${plural(e.submissionAttempts.errors, "submission attempt")} ` +
      `without an answer, ${e.submissionAttempts.refused} refused.`,
    `- The fleet now: ${now.fleet ? `${plural(now.fleet.nodes, "node")}, ${plural(now.fleet.freeSlots, "free slot")}` : "could not be read"}.`,
  ].join("\n");
}
