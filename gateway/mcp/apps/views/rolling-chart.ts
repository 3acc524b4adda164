/**
 * The tear sheet's rolling metrics (Sharpe, volatility or beta; one line per window: 63, 126, 252 returns) as an SVG
 * line chart in the style of the service's charts (gateway/charts: palettes, round ticks, calendar ticks, an
 * accessible name).
 */
import { dateTicks, dayNumber, linearScale, niceTicks } from "../../../charts/scale.js";
import { escapeXml, fmt, PALETTES, px, text, type Theme } from "../../../charts/svg.js";

export type RollingMetric = "sharpe" | "volatility_pct" | "beta";

export const ROLLING_METRICS: Record<RollingMetric, { label: string; unit: string }> = {
  sharpe: { label: "Sharpe ratio", unit: "annualized" },
  volatility_pct: { label: "volatility", unit: "annualized, percent" },
  beta: { label: "beta", unit: "to the benchmark" },
};

export interface RollingWindow {
  window: number;
  points: Array<{ date: string } & Record<RollingMetric, number | null>>;
}

const MARGIN = { left: 56, right: 16, top: 34, bottom: 30 };
const DASHES = ["", "6 4", "2 3"];

export function rollingChart(
  windows: readonly RollingWindow[],
  metric: RollingMetric,
  width: number,
  height: number,
  theme: Theme,
) {
  const p = PALETTES[theme];
  const colours = [p.series, p.benchmark, p.positive];
  const { label, unit } = ROLLING_METRICS[metric];
  const drawn = windows.filter((w) => w.points.some((q) => q[metric] !== null));
  const title = `Rolling ${label}`;
  const desc = drawn.length
    ? `The ${label} (${unit}) over the last ${drawn.map((w) => w.window).join(", ")} daily returns.`
    : `No window has a ${label}: the series is shorter than the shortest window, or lacks the benchmark.`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" id="rolling-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="rolling-title rolling-desc" font-size="12">`,
    `<title id="rolling-title">${escapeXml(title)}</title><desc id="rolling-desc">${escapeXml(desc)}</desc>`,
    `<rect width="${width}" height="${height}" fill="${p.background}"/>`,
  ];
  const value = (q: RollingWindow["points"][number]) => q[metric];
  const all = drawn.flatMap((w) => w.points.filter((q) => value(q) !== null));
  if (all.length < 2) {
    out.push(
      text(width / 2, height / 2, "Not enough data to plot", `text-anchor="middle" fill="${p.muted}"`),
      `</svg>`,
    );
    return out.join("");
  }
  const dates = all.map((q) => q.date).sort();
  const [first, last] = [dates[0]!, dates[dates.length - 1]!];
  const ys = niceTicks(Math.min(...all.map((q) => value(q)!)), Math.max(...all.map((q) => value(q)!)), 4);
  const x = linearScale(dayNumber(first), dayNumber(last), MARGIN.left, width - MARGIN.right);
  const y = linearScale(ys.lo, ys.hi, height - MARGIN.bottom, MARGIN.top);
  out.push(`<g fill="${p.muted}" text-anchor="end">`);
  for (const t of ys.ticks)
    out.push(
      `<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${px(y(t))}" y2="${px(y(t))}" stroke="${p.grid}" stroke-width="0.5"/>`,
      text(MARGIN.left - 6, y(t) + 4, fmt(t, 1)),
    );
  out.push(`</g><g fill="${p.muted}" text-anchor="middle">`);
  for (const t of dateTicks(first, last, 6)) out.push(text(x(t.day), height - 10, t.label));
  out.push(`</g>`);
  drawn.forEach((w, i) => {
    let d = "";
    let pen = false;
    for (const q of w.points) {
      const v = value(q);
      if (v === null) {
        pen = false;
        continue;
      }
      d += `${pen ? "L" : "M"}${px(x(dayNumber(q.date)))},${px(y(v))}`;
      pen = true;
    }
    const dash = DASHES[i % DASHES.length] ? ` stroke-dasharray="${DASHES[i % DASHES.length]}"` : "";
    out.push(
      `<path class="rolling-line" data-metric="${metric}" data-window="${w.window}" d="${d}" fill="none" stroke="${colours[i % 3]}" stroke-width="1.5"${dash}/>`,
    );
    const lx = MARGIN.left + i * 90;
    out.push(
      `<line x1="${lx}" x2="${lx + 18}" y1="14" y2="14" stroke="${colours[i % 3]}" stroke-width="2"${dash}/>`,
      text(lx + 22, 18, `${w.window} days`, `fill="${p.text}"`),
    );
  });
  out.push(`</svg>`);
  return out.join("");
}
