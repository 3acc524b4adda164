/**
 * The sections of a fleet-health snapshot after its summary and tick tables: headroom and the reserve, submissions
 * against the ceilings, timeouts, callbacks, relay errors and the fleet now. Text from elsewhere (error messages, ids)
 * goes through cell(), so it stays one table cell.
 */
import { CEILINGS, DRAIN_ORDER } from "../../lib/relay/ceilings.js";
import type { FleetHealthFacts, FleetNow } from "./facts.js";
import { cell, plural, table, utcMinute } from "./markdown.js";

export function headroom(f: FleetHealthFacts): string {
  const bases = new Map<string, number>();
  for (const t of f.ticks) {
    const basis =
      t.enabled === false
        ? "kill switch (no reserve, no free-slot limit)"
        : (t.headroomBasis ?? `nothing: the tick is ${t.outcome}`);
    bases.set(basis, (bases.get(basis) ?? 0) + 1);
  }
  const bound = f.ticks.filter((t) => t.reserveBinds).map((t) => utcMinute(t.slotAt).slice(11));
  const lines = [
    `The reserve is ${CEILINGS.reserve} slot: usable headroom is the free slots the relay reports minus the reserve, ` +
      "while the governor is enabled and the fleet is not empty (spec §8).",
    "",
    table(
      ["Headroom from", "Ticks"],
      [...bases].map(([basis, n]) => [basis, n]),
    ),
    "",
    bound.length === 0
      ? "The reserve bound at no tick."
      : `The reserve bound at ${plural(bound.length, "tick")} (UTC): ${bound.slice(0, 48).join(", ")}` +
        `${bound.length > 48 ? `, and ${bound.length - 48} more` : ""}.`,
  ];
  return f.ticks.length ? lines.join("\n") : "No tick, so no headroom was computed.";
}

export function submissions(f: FleetHealthFacts): string {
  const s = f.submissions;
  const row = (
    name: string,
    ceiling: number,
    k: Omit<(typeof s.byKind)["chain_tag"], "mostInOneTick">,
    most: number,
  ) => [name, ceiling, most, k.submitted, k.accepted, k.refused, k.unknown, k.completed, k.failed, k.timedOut, k.open];
  const sum = (key: keyof (typeof s.byKind)["chain_tag"]) => DRAIN_ORDER.reduce((n, k) => n + s.byKind[k][key], 0);
  const all = {
    submitted: sum("submitted"),
    accepted: sum("accepted"),
    refused: sum("refused"),
    unknown: sum("unknown"),
    completed: sum("completed"),
    failed: sum("failed"),
    timedOut: sum("timedOut"),
    open: sum("open"),
  };
  return [
    table(
      [
        "Kind",
        "Ceiling per tick",
        "Most in one tick",
        "Submitted",
        "Accepted",
        "Refused",
        "No answer (yet)",
        "Completed",
        "Failed",
        "Timed out",
        "Still open",
      ],
      [
        ...DRAIN_ORDER.map((k) => row(k, CEILINGS.perTick[k], s.byKind[k], s.byKind[k].mostInOneTick)),
        row("all", CEILINGS.perTickTotal, all, s.mostInOneTick),
      ],
    ),
    "",
    s.busiestHour
      ? `Busiest rolling hour: ${s.busiestHour.count} submissions in the hour ending ${utcMinute(s.busiestHour.endingAt)} ` +
        `UTC (ceiling ${CEILINGS.perHour} an hour).`
      : "Nothing was submitted.",
  ].join("\n");
}

export function timeouts(f: FleetHealthFacts): string {
  const t = f.timeouts;
  if (t.count === 0) return "No task reached the 25-minute local deadline.";
  return [
    `${plural(t.count, "task")} closed as timed out by the sweep (local deadline 25 minutes): ` +
      `${DRAIN_ORDER.map((k) => `${k} ${t.byKind[k]}`).join(", ")}.` +
      (t.count > t.newest.length ? ` The newest ${t.newest.length}:` : ""),
    table(
      ["Task", "Kind", "Subject", "Submitted (UTC)", "Closed (UTC)"],
      t.newest.map((x) => [cell(x.taskId), x.kind, cell(x.subjectId), utcMinute(x.submittedAt), utcMinute(x.closedAt)]),
    ),
  ].join("\n\n");
}

export function callbacks(f: FleetHealthFacts): string {
  const c = f.callbacks;
  const o = c.byOutcome;
  return [
    table(
      [
        "Received",
        "Kept",
        "Duplicate",
        "Untracked",
        "Refused: signature",
        "Refused: malformed",
        "Refused: too large",
        "Errors",
      ],
      [
        [
          c.received,
          o.recorded,
          o.duplicate,
          o.untracked,
          o["refused-signature"],
          o["refused-request"],
          o["refused-too-large"],
          o.error,
        ],
      ],
    ),
    "",
    `Applied: ${c.applied.total} (${c.applied.completed} completed, ${c.applied.failed} failed, ` +
      `${c.applied.ignored} ignored as already closed, ${c.applied.error} given up). ` +
      (c.pending === 0
        ? "None waiting to be applied."
        : `${plural(c.pending, "callback")} waiting to be applied, the oldest since ${utcMinute(c.oldestPendingAt!)} UTC.`),
  ].join("\n");
}

export function relayErrors(f: FleetHealthFacts): string {
  const { fleetReads, submissionAttempts } = f.relayErrors;
  const reasons = (list: typeof fleetReads.reasons) =>
    list.length
      ? [
          table(
            ["Reason", "Times", "Last (UTC)"],
            list.map((r) => [cell(r.reason), r.count, utcMinute(r.lastAt)]),
          ),
        ]
      : [];
  return [
    `Fleet reads: ${fleetReads.failed} of ${fleetReads.ticks} failed.`,
    ...reasons(fleetReads.reasons),
    `Submission attempts: ${submissionAttempts.total}, of which ${submissionAttempts.errors} got no answer ` +
      `and ${submissionAttempts.refused} were refused.`,
    ...reasons(submissionAttempts.reasons),
  ].join("\n\n");
}

export function fleetNow(now: FleetNow): string {
  if (!now.fleet)
    return (
      `The relay could not be read at ${new Date(now.at).toISOString()}: ${cell(now.error, 300)}. ` +
      "This snapshot holds the governor's own records only."
    );
  const f = now.fleet;
  const queue = f.queue ? `, queue ${f.queue.depth} of ${f.queue.cap}` : ", no queue reported";
  const lines = [
    `Read at ${new Date(now.at).toISOString()}: ${plural(f.nodes, "node")}, ${plural(f.freeSlots, "free slot")}${queue}.`,
  ];
  if (f.members?.length)
    lines.push(
      "",
      table(
        ["Node", "Slots"],
        f.members.map((m) => [cell(m.id), m.slots ?? "—"]),
      ),
    );
  return lines.join("\n");
}
