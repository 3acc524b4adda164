/**
 * The leaderboard chart: the persona portfolios in leaderboard order (Sharpe descending), with a bar for the
 * Sharpe ratio on the left and one for the total return on the right, each panel with its zero line. A portfolio
 * whose value is undefined shows "n/a" instead of a bar.
 */
import { linearScale, niceTicks } from "./scale.js";
import { escapeXml, fmt, PALETTES, px, svgDocument, text, type Theme } from "./svg.js";

export interface LeaderboardRow {
  portfolio_id: string;
  sharpe: number | null;
  total_return_pct: number | null;
}

const MARGIN = { left: 190, right: 24, top: 76, bottom: 48 };
const GAP = 48;

export function leaderboardChart(
  rows: readonly LeaderboardRow[],
  opts: { width: number; height: number; theme: Theme },
): string {
  const { width, height, theme } = opts;
  const p = PALETTES[theme];
  const title = `Portfolio leaderboard: Sharpe ratio and total return of ${rows.length} portfolios`;
  const out: string[] = [text(16, 26, title, `font-size="16" font-weight="600" fill="${p.text}"`)];
  const panelWidth = (width - MARGIN.left - MARGIN.right - GAP) / 2;
  const top = MARGIN.top;
  const bottom = height - MARGIN.bottom;
  const rowHeight = (bottom - top) / Math.max(rows.length, 1);
  const panels = [
    { id: "sharpe", label: "Sharpe ratio", value: (r: LeaderboardRow) => r.sharpe, unit: "", x0: MARGIN.left },
    {
      id: "return",
      label: "Total return (%)",
      value: (r: LeaderboardRow) => r.total_return_pct,
      unit: "%",
      x0: MARGIN.left + panelWidth + GAP,
    },
  ];

  rows.forEach((r, i) => {
    const y = top + rowHeight * (i + 0.5) + 4;
    out.push(
      text(
        MARGIN.left - 10,
        y,
        r.portfolio_id,
        `text-anchor="end" fill="${p.text}" font-size="${rowHeight < 16 ? 10 : 12}"`,
      ),
    );
  });

  for (const panel of panels) {
    const values = rows.map(panel.value).filter((v): v is number => v !== null);
    const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), 4);
    const x = linearScale(ticks.lo, ticks.hi, panel.x0, panel.x0 + panelWidth);
    out.push(
      text(panel.x0 + panelWidth / 2, 56, panel.label, `text-anchor="middle" font-weight="600" fill="${p.text}"`),
    );
    out.push(
      `<rect id="${panel.id}-plot" class="plot-area" x="${px(panel.x0)}" y="${top}" width="${px(panelWidth)}" height="${bottom - top}" fill="none" stroke="${p.grid}"/>`,
    );
    out.push(`<g id="x-axis-${panel.id}" fill="${p.muted}" font-size="12" text-anchor="middle">`);
    for (const t of ticks.ticks) {
      out.push(
        `<line x1="${px(x(t))}" x2="${px(x(t))}" y1="${top}" y2="${bottom}" stroke="${p.grid}" stroke-width="0.5"/>`,
        text(x(t), bottom + 18, `${fmt(t, Math.abs(ticks.hi - ticks.lo) < 5 ? 1 : 0)}${panel.unit}`),
      );
    }
    out.push(`</g>`, `<g id="${panel.id}-bars">`);
    rows.forEach((r, i) => {
      const v = panel.value(r);
      const y = top + rowHeight * i + rowHeight * 0.15;
      if (v === null) {
        out.push(text(x(0) + 4, top + rowHeight * (i + 0.5) + 4, "n/a", `fill="${p.muted}" font-size="11"`));
        return;
      }
      const x1 = Math.min(x(0), x(v));
      out.push(
        `<rect class="bar" x="${px(x1)}" y="${px(y)}" width="${px(Math.max(Math.abs(x(v) - x(0)), 1))}" height="${px(rowHeight * 0.7)}" fill="${v >= 0 ? p.positive : p.negative}"><title>${escapeXml(r.portfolio_id)}: ${fmt(v)}${panel.unit}</title></rect>`,
      );
    });
    out.push(
      `</g>`,
      `<line x1="${px(x(0))}" x2="${px(x(0))}" y1="${top}" y2="${bottom}" stroke="${p.text}" stroke-width="1"/>`,
    );
  }
  out.push(
    text(
      MARGIN.left + panelWidth + GAP / 2,
      height - 10,
      "Ordered by Sharpe ratio, highest first",
      `text-anchor="middle" fill="${p.muted}" font-size="12"`,
    ),
  );

  const best = rows[0];
  const desc =
    rows.length === 0
      ? "No portfolio to show."
      : `Horizontal bars for ${rows.length} portfolios ordered by Sharpe ratio. Highest: ${best!.portfolio_id} with a Sharpe of ${best!.sharpe === null ? "n/a" : fmt(best!.sharpe)} and a total return of ${best!.total_return_pct === null ? "n/a" : `${fmt(best!.total_return_pct)}%`}.` +
        ` ${rows.filter((r) => (r.total_return_pct ?? 0) < 0).length} of them have a negative total return.`;
  return svgDocument({ width, height, theme, title, desc }, out.join("\n"));
}
