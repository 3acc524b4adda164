/**
 * The charts of a report: for each table column whose every cell is a change ("up 1.2%", "down 35bp", "+0.4%",
 * "上涨1.2%", never a bare level such as "1.10%"), a diverging bar chart of it, labelled by the row's first cell, one per unit (percent and basis points
 * are never drawn on one axis). SVG in the style of the service's charts, with an accessible name.
 */
import { escapeXml, fmt, PALETTES, px, text, type Theme } from "../../../charts/svg.js";
import type { TableData } from "./markdown.js";

/** A change states its direction (a level such as "1.10%" is not one). */
const CHANGE = /^(up|down|上涨|下跌|上行|下行|\+|-|−)\s*(\d+(?:\.\d+)?)\s*(%|bp|个基点)$/i;

interface Change {
  label: string;
  value: number;
  unit: "%" | "bp";
}

export function parseChange(cell: string): { value: number; unit: "%" | "bp" } | undefined {
  const m = CHANGE.exec(cell.trim());
  if (!m) return undefined;
  const down = /^(down|下跌|下行|-|−)$/i.test(m[1]!);
  return { value: (down ? -1 : 1) * Number(m[2]), unit: m[3] === "%" ? "%" : "bp" };
}

/** The chartable columns of a table, as series of changes of one unit each. */
export function changeSeries(table: TableData): Array<{ column: string; unit: "%" | "bp"; changes: Change[] }> {
  const out: Array<{ column: string; unit: "%" | "bp"; changes: Change[] }> = [];
  table.headers.forEach((column, c) => {
    if (c === 0 || table.rows.length === 0) return;
    const parsed = table.rows.map((r) => ({ label: r[0] ?? "", change: parseChange(r[c] ?? "") }));
    if (parsed.some((p) => p.change === undefined)) return;
    for (const unit of ["%", "bp"] as const) {
      const changes = parsed.filter((p) => p.change!.unit === unit).map((p) => ({ label: p.label, ...p.change! }));
      if (changes.length > 0) out.push({ column, unit, changes });
    }
  });
  return out;
}

const ROW = 22;

export function changeBars(
  series: { column: string; unit: "%" | "bp"; changes: Change[] },
  id: string,
  width: number,
  theme: Theme,
) {
  const p = PALETTES[theme];
  const left = Math.min(260, Math.max(...series.changes.map((c) => c.label.length)) * 7 + 12);
  // Room right of the longest bar for its value ("+46.0 bp").
  const right = width - 80;
  const height = 28 + series.changes.length * ROW;
  const extent = Math.max(...series.changes.map((c) => Math.abs(c.value))) || 1;
  const zero = (left + right) / 2;
  const scale = (v: number) => zero + (v / extent) * ((right - left) / 2);
  const unit = series.unit === "%" ? "%" : " bp";
  const title = `${series.column} (${series.unit === "%" ? "percent" : "basis points"})`;
  const desc = series.changes.map((c) => `${c.label}: ${c.value > 0 ? "+" : ""}${fmt(c.value, 1)}${unit}`).join("; ");
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="change-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" font-size="12">`,
    `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>`,
    `<rect width="${width}" height="${height}" fill="${p.background}"/>`,
    text(left, 14, title, `fill="${p.text}" font-weight="600"`),
    `<line x1="${px(zero)}" x2="${px(zero)}" y1="22" y2="${height}" stroke="${p.grid}"/>`,
  ];
  series.changes.forEach((c, i) => {
    const y = 24 + i * ROW;
    const [x0, x1] = [scale(Math.min(0, c.value)), scale(Math.max(0, c.value))];
    out.push(
      text(left - 8, y + 14, c.label, `text-anchor="end" fill="${p.text}"`),
      `<rect class="bar" x="${px(x0)}" y="${y + 3}" width="${px(Math.max(1, x1 - x0))}" height="${ROW - 8}" fill="${c.value < 0 ? p.negative : p.positive}"/>`,
      text(
        c.value < 0 ? x0 - 4 : x1 + 4,
        y + 14,
        `${c.value > 0 ? "+" : ""}${fmt(c.value, 1)}${unit}`,
        `text-anchor="${c.value < 0 ? "end" : "start"}" fill="${p.muted}"`,
      ),
    );
  });
  out.push(`</svg>`);
  return out.join("");
}
