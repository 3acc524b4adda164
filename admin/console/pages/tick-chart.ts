/**
 * The governor's last 24 hours as an SVG chart (inline in the page, presentation attributes only, so the strict CSP
 * holds): the relay's free slots and queue depth at each tick as lines, and what each tick submitted as bars against
 * the per-tick ceiling. Ticks without a fleet reading leave a gap in the lines.
 */
import { CEILINGS, DRAIN_ORDER } from "../../../lib/relay/ceilings.js";
import { PALETTES } from "../../../gateway/charts/svg.js";
import type { TickObservation, Window } from "../../../governor/observe/index.js";
import { html, type Html } from "../html.js";

const W = 960;
const H = 260;
const PAD = { left: 44, right: 40, top: 34, bottom: 36 };
const LEGEND_Y = 14;
const colours = PALETTES.light;

const submittedBy = (t: TickObservation) =>
  t.drains ? DRAIN_ORDER.reduce((n, k) => n + (t.drains![k]?.submitted ?? 0), 0) : 0;

function path(points: Array<[number, number] | null>): string {
  let d = "";
  let pen = false;
  for (const p of points) {
    if (!p) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${p[0].toFixed(1)} ${p[1].toFixed(1)} `;
    pen = true;
  }
  return d.trim();
}

export function tickChart(ticks: TickObservation[], window: Window): Html {
  const x = (at: number) => PAD.left + ((at - window.from) / (window.to - window.from)) * (W - PAD.left - PAD.right);
  const top = Math.max(
    CEILINGS.perTickTotal,
    ...ticks.map((t) => Math.max(t.fleet?.freeSlots ?? 0, t.fleet?.queue?.depth ?? 0, submittedBy(t))),
  );
  const y = (v: number) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const free = path(ticks.map((t) => (t.fleet ? [x(t.slotAt), y(t.fleet.freeSlots)] : null)));
  const queue = path(ticks.map((t) => (t.fleet?.queue ? [x(t.slotAt), y(t.fleet.queue.depth)] : null)));
  const bars = ticks
    .filter((t) => submittedBy(t) > 0)
    .map(
      (t) =>
        html`<rect
          x="${(x(t.slotAt) - 1.5).toFixed(1)}"
          y="${y(submittedBy(t)).toFixed(1)}"
          width="3"
          height="${(y(0) - y(submittedBy(t))).toFixed(1)}"
          fill="${colours.positive}"
        />`,
    );
  const hours = Array.from({ length: 5 }, (_, i) => window.from + (i * (window.to - window.from)) / 4);
  const gridY = [...new Set([0, Math.floor(top / 2), top])];
  return html`<svg
    class="chart"
    role="img"
    aria-labelledby="tick-chart-title"
    viewBox="0 0 ${W} ${H}"
    xmlns="http://www.w3.org/2000/svg"
  >
    <title id="tick-chart-title">
      The governor's ticks over the last 24 hours: free slots, queue depth and submissions per tick
    </title>
    <rect x="0" y="0" width="${W}" height="${H}" fill="${colours.background}" />
    ${gridY.map((v) => html`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${colours.grid}" /><text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="${colours.muted}">${v}</text>`)}
    <line
      x1="${PAD.left}"
      x2="${W - PAD.right}"
      y1="${y(CEILINGS.perTickTotal).toFixed(1)}"
      y2="${y(CEILINGS.perTickTotal).toFixed(1)}"
      stroke="${colours.negative}"
      stroke-dasharray="4 4"
    />
    ${hours.map((at) => html`<text x="${x(at).toFixed(1)}" y="${H - 12}" text-anchor="middle" font-size="11" fill="${colours.muted}">${new Date(at).toISOString().slice(11, 16)} UTC</text>`)}
    ${bars}
    <path d="${free}" fill="none" stroke="${colours.series}" stroke-width="1.5" />
    <path d="${queue}" fill="none" stroke="${colours.benchmark}" stroke-width="1.5" />
    <g font-size="11" fill="${colours.text}">
      <rect x="${PAD.left}" y="${LEGEND_Y - 2}" width="10" height="3" fill="${colours.series}" />
      <text x="${PAD.left + 14}" y="${LEGEND_Y + 3}">free slots</text>
      <rect x="${PAD.left + 90}" y="${LEGEND_Y - 2}" width="10" height="3" fill="${colours.benchmark}" />
      <text x="${PAD.left + 104}" y="${LEGEND_Y + 3}">queue depth</text>
      <rect x="${PAD.left + 190}" y="${LEGEND_Y - 4}" width="4" height="8" fill="${colours.positive}" />
      <text x="${PAD.left + 200}" y="${LEGEND_Y + 3}">submitted per tick</text>
      <line
        x1="${PAD.left + 322}"
        x2="${PAD.left + 336}"
        y1="${LEGEND_Y}"
        y2="${LEGEND_Y}"
        stroke="${colours.negative}"
        stroke-dasharray="4 4"
      />
      <text x="${PAD.left + 340}" y="${LEGEND_Y + 3}">ceiling, ${CEILINGS.perTickTotal} per tick</text>
      ${ticks.length ? "" : html`<text x="${W / 2}" y="${H / 2}" text-anchor="middle" font-size="13" fill="${colours.muted}">No tick in the last 24 hours</text>`}
    </g>
  </svg>`;
}
