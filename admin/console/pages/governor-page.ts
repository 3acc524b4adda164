/**
 * Governor and relay: the kill switch (flipped with setEnabled, which records who, when and from where), the last
 * ticks (fleet, headroom, the reserve, submissions per kind against the ceilings), a chart of the last 24 hours, tasks
 * by state, timeouts swept, callbacks, the kickoff's decisions (all read through governor/observe), and the button
 * that writes a fleet-health snapshot now.
 */
import type { FastifyInstance } from "fastify";
import { CEILINGS, DRAIN_ORDER } from "../../../lib/relay/ceilings.js";
import { CALLBACK_COUNT_OUTCOMES } from "../../../lib/relay/callback-tally.js";
import {
  callbackCounts,
  kickoffDecisions,
  lastTicks,
  submissionsSummary,
  TASK_STATES,
  tasksByState,
  tickSeries,
  timeoutsSwept,
  type TickObservation,
} from "../../../governor/observe/index.js";
import { readKillSwitch, setEnabled } from "../../../governor/settings-store.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when, type Html } from "../html.js";
import { csrfField, page } from "../layout.js";
import { actorOf } from "../operator-action.js";
import { refusePage } from "../refusal.js";
import { tickChart } from "./tick-chart.js";

const DAY = 86_400_000;
const dash = (v: unknown) => (v === null || v === undefined ? "—" : String(v));

function tickRow(t: TickObservation): Html {
  const drains = DRAIN_ORDER.map((k) => {
    const d = t.drains?.[k];
    return html`<td class="num">${d ? `${d.submitted} / ${CEILINGS.perTick[k]}` : "—"}</td>`;
  });
  return html`<tr>
    <td>${when(t.slotAt)}</td>
    <td>${t.outcome}</td>
    <td>${t.enabled === null ? "—" : t.enabled ? "on" : "off"}</td>
    <td class="num">${dash(t.fleet?.nodes)}</td>
    <td class="num">${dash(t.fleet?.freeSlots)}</td>
    <td class="num">${t.fleet?.queue ? `${t.fleet.queue.depth} / ${t.fleet.queue.cap}` : "—"}</td>
    <td class="num">${dash(t.headroom)}</td>
    <td>${t.reserveBinds === null ? "—" : t.reserveBinds ? "binds" : "no"}</td>
    ${drains}
    <td class="num">${t.submittedLastHour === null ? "—" : `${t.submittedLastHour} / ${CEILINGS.perHour}`}</td>
    <td class="num">${t.swept}</td>
    <td>${t.fleetError ?? t.error ?? ""}</td>
  </tr>`;
}

export async function governorRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const { owner, now } = deps;

  app.get("/governor", async (request, reply) => {
    const session = request.consoleSession!;
    const at = now();
    const day = { from: at - DAY, to: at + 1 };
    const [kill, ticks, series, tasks, swept, callbacks, kickoffs, submissions] = await Promise.all([
      readKillSwitch(owner, deps.config.governor.enabled),
      lastTicks(owner, 12),
      tickSeries(owner, day),
      tasksByState(owner),
      timeoutsSwept(owner, day, 10),
      callbackCounts(owner, day),
      kickoffDecisions(owner, 8),
      submissionsSummary(owner, day),
    ]);
    const csrf = csrfField(session);
    const switchForm = html`<form method="post" action="/governor/kill-switch" class="inline">
      ${csrf}
      <input type="hidden" name="enabled" value="${kill.bySetting ? "false" : "true"}" />
      <button type="submit" class="${kill.bySetting ? "danger" : ""}" id="kill-switch">
        ${kill.bySetting ? "Disable headroom control" : "Enable headroom control"}
      </button>
    </form>`;
    const body = html`<section class="card">
<p>Headroom control is <strong class="${kill.enabled ? "ok" : "bad"}" id="governor-state">${kill.enabled ? "on" : "off"}</strong>
(GOVERNOR_ENABLED ${kill.byConfig ? "true" : "false"}; the switch says ${kill.bySetting ? "on" : "off"}${kill.setting ? html`, set by ${kill.setting.updatedBy} at ${when(kill.setting.updatedAt)}` : ""}).
Off, the next tick keeps no edge reserve and only the hard ceilings apply.</p>
<p>${switchForm}
<form method="post" action="/governor/fleet-health" class="inline">${csrf}<button type="submit" class="secondary" id="fleet-health">Generate fleet health now</button></form></p>
</section>
<h2>Last 24 hours</h2>
${tickChart(series, day)}
<div class="tiles">
<div><div class="value">${submissions.total}</div><div class="label">tasks submitted (${DRAIN_ORDER.map((k) => `${k} ${submissions.byKind[k].submitted}`).join(", ")})</div></div>
<div><div class="value">${submissions.mostInOneTick} / ${CEILINGS.perTickTotal}</div><div class="label">most in one tick (${DRAIN_ORDER.map((k) => `${k} ${submissions.byKind[k].mostInOneTick} / ${CEILINGS.perTick[k]}`).join(", ")})</div></div>
<div><div class="value">${submissions.busiestHour?.count ?? 0} / ${CEILINGS.perHour}</div><div class="label">busiest rolling hour</div></div>
<div><div class="value">${swept.count}</div><div class="label">timeouts swept</div></div>
<div><div class="value">${callbacks.received}</div><div class="label">callbacks received; applied ${callbacks.applied.total}, duplicate ${callbacks.byOutcome.duplicate}, refused (bad signature) ${callbacks.byOutcome["refused-signature"]}</div></div>
<div><div class="value">${callbacks.pending}</div><div class="label">callbacks waiting to be applied${callbacks.oldestPendingAt ? `, oldest ${when(callbacks.oldestPendingAt)}` : ""}</div></div>
</div>
<h2>Last ticks</h2>
<table><thead><tr><th>Slot</th><th>Outcome</th><th>Control</th><th class="num">Nodes</th><th class="num">Free slots</th><th class="num">Queue / cap</th><th class="num">Headroom</th><th>Reserve</th>
${DRAIN_ORDER.map((k) => html`<th class="num">${k}</th>`)}<th class="num">Last hour</th><th class="num">Swept</th><th>Error</th></tr></thead>
<tbody>${
      ticks.length
        ? ticks.map(tickRow)
        : html`<tr>
            <td colspan="14" class="muted">No tick yet.</td>
          </tr>`
    }</tbody></table>
<h2>Tasks by state</h2>
<table><thead><tr><th>Kind</th>${TASK_STATES.map((s) => html`<th class="num">${s}</th>`)}</tr></thead>
<tbody>${DRAIN_ORDER.map(
      (k) =>
        html`<tr>
          <td>${k}</td>
          ${TASK_STATES.map((s) => html`<td class="num">${tasks[k][s]}</td>`)}
        </tr>`,
    )}</tbody></table>
<h2>Callbacks (24 h)</h2>
<table><thead><tr>${CALLBACK_COUNT_OUTCOMES.map((o) => html`<th class="num">${o}</th>`)}<th class="num">kept</th><th class="num">applied</th></tr></thead>
<tbody><tr>${CALLBACK_COUNT_OUTCOMES.map((o) => html`<td class="num">${callbacks.byOutcome[o]}</td>`)}<td class="num">${callbacks.kept}</td><td class="num">${callbacks.applied.total}</td></tr></tbody></table>
<h2>Topic-pool kickoff</h2>
<table><thead><tr><th>Slot</th><th>Outcome</th><th>Pool entry</th><th class="num">Score</th><th>Gate</th><th class="num">Expired</th><th>Error</th></tr></thead>
<tbody>${
      kickoffs.length
        ? kickoffs.map(
            (k) =>
              html`<tr>
                <td>${when(k.slotAt)}</td>
                <td>${k.outcome}</td>
                <td>${k.poolId ?? "—"}</td>
                <td class="num">${k.score ?? "—"}</td>
                <td>
                  ${k.gate ? `${k.gate.decision} (top cosine ${k.gate.topCosine ?? "—"}, ${k.gate.matches} matches)` : "—"}
                </td>
                <td class="num">${k.expired}</td>
                <td>${k.error ?? ""}</td>
              </tr>`,
          )
        : html`<tr>
            <td colspan="7" class="muted">No kickoff yet.</td>
          </tr>`
    }</tbody></table>`;
    return reply.type("text/html; charset=utf-8").send(page(session, "/governor", "Governor and relay", body).text);
  });

  app.post("/governor/kill-switch", async (request, reply) => {
    const enabled = ((request.body ?? {}) as Record<string, unknown>).enabled;
    if (enabled !== "true" && enabled !== "false") {
      return refusePage(reply, 400, "Not changed", "enabled must be true or false.");
    }
    await setEnabled(owner, enabled === "true", { ...actorOf(request), at: now() });
    request.log.info({ admin: "kill-switch", enabled }, "console: governor kill switch flipped");
    return reply.redirect("/governor", 303);
  });

  app.post("/governor/fleet-health", async (request, reply) => {
    const written = await deps.writeFleetHealth(actorOf(request));
    const body = html`<section class="card">
      <p>
        Snapshot <code>${written.snapshotId}</code> written at ${when(written.generatedAt)} (${written.bytes} bytes;
        relay: ${written.relay}).
      </p>
      <p>It is served at once at <code>GET /api/v1/reports/fleet-health/latest</code> on the public port.</p>
      <p><a href="/governor">Back to the governor</a></p>
    </section>`;
    return reply
      .type("text/html; charset=utf-8")
      .send(page(request.consoleSession!, "/governor", "Fleet health written", body).text);
  });
}
