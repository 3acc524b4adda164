/**
 * The governor's decisions as Prometheus metrics: the last tick's headroom, reserve (and whether it bound) and budget,
 * submissions by drain and outcome, tasks swept, abandoned claims closed, kickoffs by outcome and gate decision, and callbacks applied by
 * outcome. Fed by the reports the governor already produces (GovernorObserver), so nothing is computed twice.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { AppliedDelivery } from "./callbacks/apply-callbacks.js";
import type { KickoffReport } from "./kickoff/run-kickoff.js";
import type { TickReport } from "./tick/run-tick.js";

export interface GovernorObserver {
  tick?(report: TickReport): void;
  kickoff?(report: KickoffReport): void;
  applied?(deliveries: AppliedDelivery[]): void;
}

export function governorMetrics(registry: Registry): GovernorObserver {
  const registers = [registry];
  const ticks = new Counter({
    name: "governor_ticks_total",
    help: "Ticks handled, by outcome (done, duplicate-slot, error)",
    labelNames: ["outcome"],
    registers,
  });
  const headroom = new Gauge({
    name: "governor_headroom",
    help: "Usable headroom computed by the last tick (free slots minus the edge reserve)",
    registers,
  });
  const reserve = new Gauge({
    name: "governor_reserve",
    help: "Edge reserve applied by the last tick (spec section 8)",
    registers,
  });
  const reserveBinds = new Gauge({
    name: "governor_reserve_binds",
    help: "1 when the reserve was what stopped dispatch at the last tick",
    registers,
  });
  const budget = new Gauge({ name: "governor_budget", help: "Submissions the last tick allowed itself", registers });
  const submissions = new Counter({
    name: "governor_submissions_total",
    help: "Tasks submitted to the relay, by drain and outcome (accepted, refused, unknown)",
    labelNames: ["drain", "outcome"],
    registers,
  });
  const swept = new Counter({
    name: "governor_swept_tasks_total",
    help: "Tasks timed out by the sweep (25 minutes without a result)",
    registers,
  });
  const abandoned = new Counter({
    name: "governor_abandoned_claims_total",
    help: "Claims of governors that died mid-tick, closed as abandoned by a later tick",
    registers,
  });
  const kickoffs = new Counter({
    name: "governor_kickoffs_total",
    help: "Hourly kickoffs, by outcome and similarity-gate decision",
    labelNames: ["outcome", "decision"],
    registers,
  });
  const applied = new Counter({
    name: "governor_callbacks_applied_total",
    help: "Relay callbacks applied from the inbox, by outcome",
    labelNames: ["outcome"],
    registers,
  });

  return {
    tick(r) {
      ticks.inc({ outcome: r.outcome });
      if (r.abandoned?.length) abandoned.inc(r.abandoned.length);
      if (r.outcome !== "done") return;
      if (typeof r.headroom === "number") headroom.set(r.headroom);
      if (typeof r.reserve === "number") reserve.set(r.reserve);
      reserveBinds.set(r.reserve_binds ? 1 : 0);
      if (typeof r.budget === "number") budget.set(r.budget);
      for (const task of r.tasks ?? []) submissions.inc({ drain: task.kind, outcome: task.outcome });
      if (r.swept?.length) swept.inc(r.swept.length);
    },
    kickoff(r) {
      kickoffs.inc({ outcome: r.outcome, decision: r.gate?.decision ?? "none" });
    },
    applied(list) {
      for (const d of list) applied.inc({ outcome: d.outcome });
    },
  };
}
