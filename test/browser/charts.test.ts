/**
 * The SVG charts in a real browser (headless Chromium): each chart loads from the running service with the API key,
 * renders at the requested size, is not blank, and draws its line (or bars) inside the plot area and nowhere else but
 * the legend. Screenshots are written to test-output/browser/ (git-ignored) for a person to look at.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PALETTES } from "../../gateway/charts/svg.js";
import { fillPortfolios, insertPortfolio, insertSnapshots, sgTime } from "../fixtures/portfolio.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { chromiumMissing, openBrowser, pixelStats, pngSize, SCREENSHOTS, type Browser } from "./browser.js";

const missing = chromiumMissing();
if (missing) console.warn(`browser tests skipped: ${missing}`);

/** Two years of weekdays: a drifting walk with two drawdowns, from integers so the chart is the same every run. */
async function fillLongSeries(gw: TestGateway) {
  await fillPortfolios(gw.db.owner);
  await insertPortfolio(gw.db.owner, { id: "p-long", kind: "persona", benchmarkId: "bench-sti" });
  const snapshots: Array<[number, number]> = [];
  const bench: Array<[number, number]> = [];
  let nav = 100;
  let level = 1040;
  let seed = 11;
  for (let t = Date.parse("2024-03-11T00:00:00Z"), i = 0; i < 520; t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day === 0 || day === 6) continue;
    seed = (seed * 48271) % 2147483647;
    const shock = ((seed % 2001) - 1000) / 90000;
    const regime = i > 150 && i < 230 ? -0.0025 : i > 380 && i < 420 ? -0.004 : 0.0012;
    nav *= 1 + regime + shock;
    level *= 1 + 0.0003 + shock / 2;
    const date = new Date(t).toISOString().slice(0, 10);
    snapshots.push([sgTime(date, "17:00"), Math.round(nav * 10000) / 10000]);
    bench.push([sgTime(date, "17:30"), Math.round(level * 100) / 100]);
    i++;
  }
  await insertSnapshots(gw.db.owner, "p-long", snapshots);
  // The benchmark's own points of these dates (the fixtures hold five of its March 2026 days).
  await insertSnapshots(gw.db.owner, "bench-sti", bench);
}

describe.skipIf(missing !== null)("charts in headless Chromium", () => {
  let gw: TestGateway;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway({ fill: async () => {} });
    await fillLongSeries(gw);
    const key = await gw.key(["portfolios:read"]);
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`;
    browser = await openBrowser(base, { "x-api-key": key });
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  /** Loads an SVG route as the page, screenshots it, and reads the named elements' boxes from the DOM. */
  async function shoot(path: string, size: { width: number; height: number }, file: string, ids: string[]) {
    const page = await browser.page();
    await page.setViewportSize(size);
    const res = await page.goto(`${base}${path}`);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    const boxes = await page.evaluate((names) => {
      const dom = globalThis as any;
      return Object.fromEntries(
        names.map((id: string) => {
          const b = dom.document.getElementById(id).getBBox();
          return [
            id,
            { x: Math.floor(b.x), y: Math.floor(b.y), width: Math.ceil(b.width) + 1, height: Math.ceil(b.height) + 1 },
          ];
        }),
      );
    }, ids);
    const png = await page.screenshot({ type: "png" });
    writeFileSync(join(SCREENSHOTS, file), png);
    return { page, png, boxes: boxes as Record<string, { x: number; y: number; width: number; height: number }> };
  }

  for (const theme of ["light", "dark"] as const) {
    it(`draws the NAV line inside its plot area (${theme})`, async () => {
      const size = { width: 960, height: 540 };
      const { page, png, boxes } = await shoot(
        `/api/v1/portfolios/p-long/chart.svg?theme=${theme}`,
        size,
        `portfolio-chart-${theme}.png`,
        ["nav-plot", "nav-line", "benchmark-line", "drawdown-plot", "drawdown-area", "legend"],
      );
      expect(pngSize(png)).toEqual(size);
      const plot = boxes["nav-plot"]!;
      for (const id of ["nav-line", "benchmark-line"]) {
        const line = boxes[id]!;
        expect(line.x, id).toBeGreaterThanOrEqual(plot.x);
        expect(line.y, id).toBeGreaterThanOrEqual(plot.y);
        expect(line.x + line.width, id).toBeLessThanOrEqual(plot.x + plot.width + 1);
        expect(line.y + line.height, id).toBeLessThanOrEqual(plot.y + plot.height + 1);
        // A real line across the plot, not a dot.
        expect(line.width, id).toBeGreaterThan(plot.width * 0.95);
      }
      const area = boxes["drawdown-area"]!;
      expect(area.y + area.height).toBeLessThanOrEqual(boxes["drawdown-plot"]!.y + boxes["drawdown-plot"]!.height + 1);
      const palette = PALETTES[theme];
      const stats = await pixelStats(page, png, palette.series, plot, [boxes.legend!]);
      expect(stats.width).toBe(960);
      const bg = [1, 3, 5].map((i) => parseInt(palette.background.slice(i, i + 2), 16));
      expect(stats.background).toBe(`rgb(${bg.join(",")})`);
      // Not blank: a good share of the pixels are drawn, in many colours (antialiased lines, text).
      expect(stats.nonBackground).toBeGreaterThan(960 * 540 * 0.02);
      expect(stats.colours).toBeGreaterThan(50);
      // The series colour is on screen inside the plot area, and nowhere outside it but the legend.
      expect(stats.targetInside).toBeGreaterThan(1500);
      expect(stats.targetOutside).toBe(0);
      await page.close();
    });
  }

  it("renders the leaderboard's bars inside their panels, at another size", async () => {
    const size = { width: 1200, height: 800 };
    const { page, png, boxes } = await shoot(
      "/api/v1/portfolios/leaderboard/chart.svg?width=1200&height=800",
      size,
      "leaderboard-chart.png",
      ["sharpe-plot", "sharpe-bars", "return-plot", "return-bars"],
    );
    expect(pngSize(png)).toEqual(size);
    for (const panel of ["sharpe", "return"]) {
      const plot = boxes[`${panel}-plot`]!;
      const bars = boxes[`${panel}-bars`]!;
      expect(bars.x).toBeGreaterThanOrEqual(plot.x);
      expect(bars.x + bars.width).toBeLessThanOrEqual(plot.x + plot.width + 1);
      expect(bars.y).toBeGreaterThanOrEqual(plot.y);
      expect(bars.y + bars.height).toBeLessThanOrEqual(plot.y + plot.height + 1);
    }
    const positive = await pixelStats(
      page,
      png,
      PALETTES.light.positive,
      boxes["sharpe-plot"]!,
      [boxes["return-plot"]!],
      30,
    );
    expect(positive.targetInside).toBeGreaterThan(500);
    expect(positive.targetOutside).toBe(0);
    await page.close();
    expect(browser.offsite).toEqual([]);
  });

  it("wrote its screenshots", () => {
    expect(SCREENSHOTS.endsWith(join("test-output", "browser"))).toBe(true);
  });
});
