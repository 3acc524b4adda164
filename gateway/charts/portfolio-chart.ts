/**
 * The portfolio chart: NAV against the benchmark (rebased to the portfolio's NAV on their first common date) in the
 * upper panel, the underwater drawdown below, on one calendar axis of Singapore work dates. Drawn from the series
 * route's points, so the chart shows exactly the numbers the tear sheet was computed from.
 */
import { dateTicks, dayNumber, linearScale, niceTicks } from "./scale.js";
import { fmt, PALETTES, px, svgDocument, text, type Theme } from "./svg.js";

export interface ChartPoint {
  date: string;
  nav: number;
  drawdown_pct: number;
  benchmark_nav: number | null;
}

export interface PortfolioChartInput {
  portfolioId: string;
  benchmarkId: string | null;
  points: readonly ChartPoint[];
  width: number;
  height: number;
  theme: Theme;
}

const MARGIN = { left: 76, right: 24, top: 64, bottom: 52 };
const GAP = 36;

/** A polyline through the points that have a value; a missing value starts a new segment. */
function path(xs: number[], ys: Array<number | null>): string {
  let d = "";
  let pen = false;
  xs.forEach((x, i) => {
    const y = ys[i];
    if (y === null || y === undefined) return void (pen = false);
    d += `${pen ? "L" : "M"}${px(x)},${px(y)}`;
    pen = true;
  });
  return d;
}

export function portfolioChart(input: PortfolioChartInput): string {
  const { portfolioId, benchmarkId, points, width, height, theme } = input;
  const p = PALETTES[theme];
  const title = `${portfolioId}: NAV against ${benchmarkId ?? "no benchmark"}, and drawdown`;
  const left = MARGIN.left;
  const right = width - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom - GAP;
  const navTop = MARGIN.top;
  const navBottom = navTop + Math.round(plotHeight * 0.64);
  const ddTop = navBottom + GAP;
  const ddBottom = height - MARGIN.bottom;
  const out: string[] = [text(left, 26, title, `font-size="16" font-weight="600" fill="${p.text}"`)];

  if (points.length < 2) {
    const desc = `${portfolioId} has ${points.length} daily point${points.length === 1 ? "" : "s"}: not enough to plot.`;
    out.push(
      `<rect id="nav-plot" class="plot-area" x="${left}" y="${navTop}" width="${right - left}" height="${ddBottom - navTop}" fill="none" stroke="${p.grid}"/>`,
    );
    out.push(
      text(
        (left + right) / 2,
        (navTop + ddBottom) / 2,
        "Not enough data to plot",
        `text-anchor="middle" fill="${p.muted}"`,
      ),
    );
    return svgDocument({ width, height, theme, title, desc }, out.join("\n"));
  }

  const first = points[0]!;
  const last = points[points.length - 1]!;
  const common = points.find((q) => q.benchmark_nav !== null);
  const rebase = common ? common.nav / common.benchmark_nav! : 1;
  const bench = points.map((q) => (q.benchmark_nav === null ? null : q.benchmark_nav * rebase));
  const navValues = [...points.map((q) => q.nav), ...bench.filter((v): v is number => v !== null)];
  const navTicks = niceTicks(Math.min(...navValues), Math.max(...navValues));
  const ddTicks = niceTicks(Math.min(...points.map((q) => q.drawdown_pct), -1), 0, 3);
  const x = linearScale(dayNumber(first.date), dayNumber(last.date), left, right);
  const yNav = linearScale(navTicks.lo, navTicks.hi, navBottom, navTop);
  const yDd = linearScale(ddTicks.lo, 0, ddBottom, ddTop);
  const xs = points.map((q) => x(dayNumber(q.date)));

  // Legend on its own line under the title, left-aligned with the plot; items spaced by their label's length.
  const benchLabel = `${benchmarkId} (rebased)`;
  const second = left + 32 + Math.ceil(portfolioId.length * 7.5) + 24;
  out.push(`<g id="legend" font-size="12" fill="${p.text}">`);
  out.push(
    `<line x1="${left}" y1="46" x2="${left + 22}" y2="46" stroke="${p.series}" stroke-width="2.5"/>`,
    text(left + 28, 50, portfolioId),
  );
  if (benchmarkId) {
    out.push(
      `<line x1="${second}" y1="46" x2="${second + 22}" y2="46" stroke="${p.benchmark}" stroke-width="2" stroke-dasharray="6 4"/>`,
      text(second + 28, 50, benchLabel),
    );
  }
  out.push(`</g>`);
  // Lines and areas are clipped to their panel, so a stroke never spills over the frame.
  out.push(
    `<defs><clipPath id="nav-clip"><rect x="${left}" y="${navTop}" width="${right - left}" height="${navBottom - navTop}"/></clipPath>`,
    `<clipPath id="drawdown-clip"><rect x="${left}" y="${ddTop}" width="${right - left}" height="${ddBottom - ddTop}"/></clipPath></defs>`,
  );

  // Panels, grid and axes.
  out.push(
    `<rect id="nav-plot" class="plot-area" x="${left}" y="${navTop}" width="${right - left}" height="${navBottom - navTop}" fill="none" stroke="${p.grid}"/>`,
  );
  out.push(
    `<rect id="drawdown-plot" class="plot-area" x="${left}" y="${ddTop}" width="${right - left}" height="${ddBottom - ddTop}" fill="none" stroke="${p.grid}"/>`,
  );
  out.push(`<g id="y-axis-nav" fill="${p.muted}" font-size="12" text-anchor="end">`);
  for (const t of navTicks.ticks) {
    out.push(
      `<line x1="${left}" x2="${right}" y1="${px(yNav(t))}" y2="${px(yNav(t))}" stroke="${p.grid}" stroke-width="0.5"/>`,
      text(left - 8, yNav(t) + 4, fmt(t, navTicks.hi - navTicks.lo < 10 ? 1 : 0)),
    );
  }
  out.push(`</g>`, `<g id="y-axis-drawdown" fill="${p.muted}" font-size="12" text-anchor="end">`);
  for (const t of ddTicks.ticks) {
    out.push(
      `<line x1="${left}" x2="${right}" y1="${px(yDd(t))}" y2="${px(yDd(t))}" stroke="${p.grid}" stroke-width="0.5"/>`,
      text(left - 8, yDd(t) + 4, `${fmt(t, 0)}%`),
    );
  }
  out.push(`</g>`, `<g id="x-axis" fill="${p.muted}" font-size="12" text-anchor="middle">`);
  for (const t of dateTicks(first.date, last.date)) {
    out.push(
      `<line x1="${px(x(t.day))}" x2="${px(x(t.day))}" y1="${ddBottom}" y2="${ddBottom + 5}" stroke="${p.muted}"/>`,
      text(x(t.day), ddBottom + 19, t.label),
    );
  }
  out.push(`</g>`);
  out.push(
    text(
      16,
      (navTop + navBottom) / 2,
      "NAV",
      `transform="rotate(-90 16 ${px((navTop + navBottom) / 2)})" text-anchor="middle" fill="${p.text}"`,
    ),
  );
  out.push(
    text(
      16,
      (ddTop + ddBottom) / 2,
      "Drawdown",
      `transform="rotate(-90 16 ${px((ddTop + ddBottom) / 2)})" text-anchor="middle" fill="${p.text}"`,
    ),
  );
  out.push(
    text((left + right) / 2, height - 10, "Work date (Asia/Singapore)", `text-anchor="middle" fill="${p.text}"`),
  );

  // The data.
  if (benchmarkId && common) {
    out.push(
      `<path id="benchmark-line" clip-path="url(#nav-clip)" d="${path(
        xs,
        bench.map((v) => (v === null ? null : yNav(v))),
      )}" fill="none" stroke="${p.benchmark}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    );
  }
  out.push(
    `<path id="nav-line" clip-path="url(#nav-clip)" d="${path(
      xs,
      points.map((q) => yNav(q.nav)),
    )}" fill="none" stroke="${p.series}" stroke-width="2" stroke-linejoin="round"/>`,
  );
  const underwater = `${path(
    xs,
    points.map((q) => yDd(q.drawdown_pct)),
  )}L${px(xs[xs.length - 1]!)},${px(yDd(0))}L${px(xs[0]!)},${px(yDd(0))}Z`;
  out.push(
    `<path id="drawdown-area" clip-path="url(#drawdown-clip)" d="${underwater}" fill="${p.negative}" fill-opacity="0.35" stroke="${p.negative}" stroke-width="1"/>`,
  );

  const deepest = points.reduce((a, b) => (b.drawdown_pct < a.drawdown_pct ? b : a));
  const total = (last.nav / first.nav - 1) * 100;
  const desc =
    `Daily NAV of ${portfolioId} from ${first.date} (${fmt(first.nav)}) to ${last.date} (${fmt(last.nav)}), a total return of ${fmt(total)}%` +
    (benchmarkId && common ? `, drawn against ${benchmarkId} rebased to the same NAV on ${common.date}` : "") +
    `. Below, the drawdown from the running peak: deepest ${fmt(deepest.drawdown_pct)}% on ${deepest.date}, ${fmt(last.drawdown_pct)}% at the last point.`;
  return svgDocument({ width, height, theme, title, desc }, out.join("\n"));
}
