/**
 * Values on hover for the portfolio chart (gateway/charts/portfolio-chart.ts, drawn as the service draws it): a
 * pointer over the plot or the arrow keys on the focused chart pick the nearest work date, mark it with a vertical
 * line and read its NAV, rebased benchmark and drawdown into a live region. The chart's calendar axis runs
 * linearly from the first to the last date across its plot rectangle, which is where the pointer is mapped from.
 */
import type { ChartPoint } from "../../../charts/portfolio-chart.js";
import { dayNumber } from "../../../charts/scale.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export function attachNavHover(
  figure: HTMLElement,
  readout: HTMLElement,
  points: readonly ChartPoint[],
  names: { portfolio: string; benchmark: string | null },
) {
  const svg = figure.querySelector("svg");
  const navPlot = svg?.querySelector<SVGRectElement>("#nav-plot");
  const ddPlot = svg?.querySelector<SVGRectElement>("#drawdown-plot");
  if (!svg || !navPlot || !ddPlot || points.length < 2) return;
  const left = navPlot.x.baseVal.value;
  const width = navPlot.width.baseVal.value;
  const first = dayNumber(points[0]!.date);
  const span = dayNumber(points[points.length - 1]!.date) - first || 1;
  const xOf = (i: number) => left + ((dayNumber(points[i]!.date) - first) / span) * width;
  const common = points.find((p) => p.benchmark_nav !== null);
  const rebase = common ? common.nav / common.benchmark_nav! : 1;

  const line = document.createElementNS(SVG_NS, "line");
  line.setAttribute("id", "hover-line");
  line.setAttribute("y1", String(navPlot.y.baseVal.value));
  line.setAttribute("y2", String(ddPlot.y.baseVal.value + ddPlot.height.baseVal.value));
  line.setAttribute("stroke", "currentColor");
  line.setAttribute("stroke-width", "1");
  line.setAttribute("visibility", "hidden");
  svg.append(line);

  let index = points.length - 1;
  const show = (i: number) => {
    index = Math.max(0, Math.min(points.length - 1, i));
    const p = points[index]!;
    const x = String(Math.round(xOf(index) * 100) / 100);
    line.setAttribute("x1", x);
    line.setAttribute("x2", x);
    line.setAttribute("visibility", "visible");
    const bench =
      names.benchmark && p.benchmark_nav !== null
        ? ` · ${names.benchmark} (rebased) ${(p.benchmark_nav * rebase).toFixed(2)}`
        : "";
    readout.textContent = `${p.date} · ${names.portfolio} NAV ${p.nav.toFixed(2)}${bench} · drawdown ${p.drawdown_pct.toFixed(2)}%`;
  };
  const nearest = (svgX: number) => {
    let best = 0;
    for (let i = 1; i < points.length; i++) if (Math.abs(xOf(i) - svgX) < Math.abs(xOf(best) - svgX)) best = i;
    return best;
  };
  svg.addEventListener("pointermove", (event) => {
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    show(nearest(at.x));
  });
  figure.addEventListener("keydown", (event) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, PageUp: -20, PageDown: 20 }[event.key];
    if (step !== undefined) show(index + step);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(points.length - 1);
    else return;
    event.preventDefault();
  });
  figure.addEventListener("focus", () => show(index));
}
