/**
 * The portfolio tear sheet view (portfolios_tear_sheet): the headline figures, NAV against the benchmark with the
 * drawdown below (the series asked of portfolios_series through the host), values on hover or arrow keys, the
 * rolling Sharpe, volatility or beta (the reader's choice) and the five deepest drawdowns.
 */
import { portfolioChart, type ChartPoint } from "../../../charts/portfolio-chart.js";
import { attachNavHover } from "./nav-hover.js";
import { ROLLING_METRICS, rollingChart, type RollingMetric, type RollingWindow } from "./rolling-chart.js";
import { escapeHtml, show, startView, type ViewContext } from "./view-shell.js";

interface TearSheet {
  portfolio_id: string;
  metrics: Record<string, number | string | null>;
  period_returns: Record<string, number | null>;
  rolling: RollingWindow[];
  drawdowns: Array<{ peak_date: string; trough_date: string; recovery_date: string | null; depth_pct: number }>;
  methodology: { as_of: string | null };
}

const FIGURES: Array<[string, (s: TearSheet) => string]> = [
  ["Total return", (s) => show(s.metrics.total_return_pct, 2, "%")],
  ["Annualized return", (s) => show(s.metrics.annualized_return_pct, 2, "%")],
  ["Volatility", (s) => show(s.metrics.annualized_vol_pct, 2, "%")],
  ["Sharpe", (s) => show(s.metrics.sharpe)],
  ["Sortino", (s) => show(s.metrics.sortino)],
  ["Max drawdown", (s) => show(s.metrics.max_drawdown_pct, 2, "%")],
  ["YTD", (s) => show(s.period_returns.ytd_pct, 2, "%")],
  ["Latest NAV", (s) => show(s.metrics.latest_nav)],
];

/** The series behind the chart, whole; null when the host cannot call the server's tools. */
const seriesCache = new Map<string, Promise<{ points: ChartPoint[]; benchmark_id: string | null } | null>>();

function series(ctx: ViewContext, id: string) {
  let pending = seriesCache.get(id);
  if (!pending) {
    pending = ctx.bridge.callTool("portfolios_series", { portfolio_id: id }).then(
      (r) => (r.isError ? null : (r.structuredContent as { points: ChartPoint[]; benchmark_id: string | null })),
      () => null,
    );
    seriesCache.set(id, pending);
  }
  return pending;
}

/** The rolling metric the reader chose; kept across redraws (a theme change). */
let rollingMetric: RollingMetric = "sharpe";

function metricChoices() {
  return Object.entries(ROLLING_METRICS)
    .map(
      ([key, { label }]) =>
        `<label><input type="radio" name="rolling-metric" value="${key}"${key === rollingMetric ? " checked" : ""}> ${label[0]!.toUpperCase()}${label.slice(1)}</label>`,
    )
    .join(" ");
}

function draw(result: Record<string, unknown>, ctx: ViewContext) {
  const sheet = result as unknown as TearSheet;
  const id = sheet.portfolio_id;
  const width = Math.max(480, Math.min(960, ctx.root.clientWidth || 720));
  ctx.root.innerHTML = `
    <h1>Tear sheet: ${escapeHtml(id)}</h1>
    <p class="muted">As of ${escapeHtml(sheet.methodology.as_of ?? "—")}; benchmark ${escapeHtml(String(sheet.metrics.benchmark_id ?? "none"))}.</p>
    <dl class="figures">${FIGURES.map(([name, value]) => `<div><dt>${name}</dt><dd>${value(sheet)}</dd></div>`).join("")}</dl>
    <h2 id="nav-heading">NAV and drawdown</h2>
    <figure id="nav-figure" class="chart" tabindex="0" aria-labelledby="nav-heading" aria-describedby="nav-help">
      <p role="status" class="status">Loading the daily series…</p>
    </figure>
    <p id="nav-help" class="muted">Hover over the chart, or focus it and use the arrow keys, Home and End, to read a day's values.</p>
    <p id="nav-readout" class="readout" aria-live="polite"></p>
    <h2 id="rolling-heading">Rolling metrics</h2>
    <fieldset class="choices" aria-labelledby="rolling-heading"><legend class="muted">Show</legend>${metricChoices()}</fieldset>
    <figure id="rolling-figure">${rollingChart(sheet.rolling, rollingMetric, width, 220, ctx.theme)}</figure>
    <h2>Deepest drawdowns</h2>
    <table><caption class="muted">The five deepest, deepest first</caption>
      <thead><tr><th scope="col">Peak</th><th scope="col">Trough</th><th scope="col">Recovery</th><th scope="col">Depth</th></tr></thead>
      <tbody>${sheet.drawdowns
        .map(
          (d) =>
            `<tr><td>${d.peak_date}</td><td>${d.trough_date}</td><td>${d.recovery_date ?? "not yet"}</td><td class="num">${show(d.depth_pct, 2, "%")}</td></tr>`,
        )
        .join("")}</tbody>
    </table>`;
  const rolling = ctx.root.querySelector<HTMLElement>("#rolling-figure")!;
  for (const input of ctx.root.querySelectorAll<HTMLInputElement>("input[name=rolling-metric]"))
    input.addEventListener("change", () => {
      rollingMetric = input.value as RollingMetric;
      rolling.innerHTML = rollingChart(sheet.rolling, rollingMetric, width, 220, ctx.theme);
    });
  const figure = ctx.root.querySelector<HTMLElement>("#nav-figure")!;
  const readout = ctx.root.querySelector<HTMLElement>("#nav-readout")!;
  void series(ctx, id).then((s) => {
    if (!figure.isConnected) return;
    if (!s) {
      figure.innerHTML = `<p role="status" class="status error">The host cannot call portfolios_series, so the NAV path is not drawn.</p>`;
      return;
    }
    figure.innerHTML = portfolioChart({
      portfolioId: id,
      benchmarkId: s.benchmark_id,
      points: s.points,
      width,
      height: 380,
      theme: ctx.theme,
    });
    attachNavHover(figure, readout, s.points, { portfolio: id, benchmark: s.benchmark_id });
  });
}

startView("institute-tear-sheet", draw);
