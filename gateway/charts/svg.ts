/**
 * What every server-rendered chart shares: the two themes, XML escaping, number formatting and the accessible
 * frame (role="img", <title> and <desc> named by aria-labelledby). Charts are plain SVG: no script, no external
 * resource, fonts from the reader's system.
 */
import { escapeXml } from "../../lib/text/xml-text.js";

export type Theme = "light" | "dark";

export interface Palette {
  background: string;
  text: string;
  muted: string;
  grid: string;
  series: string;
  benchmark: string;
  negative: string;
  positive: string;
}

export const PALETTES: Record<Theme, Palette> = {
  light: {
    background: "#ffffff",
    text: "#1f2328",
    muted: "#59636e",
    grid: "#d1d9e0",
    series: "#0969da",
    benchmark: "#8250df",
    negative: "#cf222e",
    positive: "#1a7f37",
  },
  dark: {
    background: "#0d1117",
    text: "#e6edf3",
    muted: "#9198a1",
    grid: "#3d444d",
    series: "#4493f8",
    benchmark: "#ab7df8",
    negative: "#f85149",
    positive: "#3fb950",
  },
};

export { escapeXml };

/** A coordinate with at most two decimals (shorter SVG, stable bytes for the ETag). */
export const px = (x: number) => String(Math.round(x * 100) / 100);

export const fmt = (x: number, digits = 2) =>
  (Object.is(Math.round(x * 10 ** digits) / 10 ** digits, -0) ? 0 : x).toFixed(digits);

export interface Frame {
  width: number;
  height: number;
  theme: Theme;
  title: string;
  desc: string;
}

/** The whole document around `body`: size, background, accessible name and description. */
export function svgDocument({ width, height, theme, title, desc }: Frame, body: string): string {
  const p = PALETTES[theme];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="13">`,
    `<title id="chart-title">${escapeXml(title)}</title>`,
    `<desc id="chart-desc">${escapeXml(desc)}</desc>`,
    `<rect width="${width}" height="${height}" fill="${p.background}"/>`,
    body,
    `</svg>`,
    "",
  ].join("\n");
}

export const text = (x: number, y: number, content: string, attrs = "") =>
  `<text x="${px(x)}" y="${px(y)}" ${attrs}>${escapeXml(content)}</text>`;
