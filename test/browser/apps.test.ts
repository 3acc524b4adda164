/**
 * The interactive views in headless Chromium, hosted by the extension's own host bridge (apps-host.ts): each view's
 * HTML as resources/read serves it, loaded into a sandboxed iframe and handed a real tools/call result from the
 * running demo gateway, draws what that result holds. The tear sheet asks the gateway for the series through the
 * host, draws the NAV path and reads a day's values on hover and on the arrow keys; the report reader renders the
 * headings and charts its table; the thread view lists the cards in order. Light and dark follow the host's theme.
 * Nothing reaches the network. Screenshots: test-output/browser/apps-*.png (git-ignored).
 */
import { join } from "node:path";
import { build } from "esbuild";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoGateway, type DemoGateway } from "../mcp/demo-gateway.js";
import { chromiumMissing, openBrowser, SCREENSHOTS, type Browser } from "./browser.js";

// Run in the view's frame, where the DOM is (this project's type library has none); each is sent as its source.
const bodyBackground = () =>
  (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor as string;
const isDark = () => (globalThis as any).document.documentElement.dataset.theme === "dark";

const missing = chromiumMissing();
if (missing) console.warn(`browser tests skipped: ${missing}`);

describe.skipIf(missing !== null)("MCP Apps views in headless Chromium", () => {
  let demo: DemoGateway;
  let browser: Browser;
  let hostScript: string;

  /** A JSON-RPC call to the gateway with the viewer's key; the result, or a thrown error. */
  async function call(method: string, params: unknown) {
    const body = await demo.rpc(method, params, demo.creds.viewer);
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  }

  beforeAll(async () => {
    demo = await startDemoGateway();
    browser = await openBrowser(demo.base);
    const bundled = await build({
      entryPoints: [join(import.meta.dirname, "apps-host.ts")],
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    hostScript = bundled.outputFiles[0]!.text;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  /** Hosts the view of `tool` with its real result for `args`; resolves with the view's frame once it drew. */
  async function host(
    uri: string,
    tool: string,
    args: Record<string, unknown>,
    ready: string,
    { theme = "light", failing = false } = {},
  ) {
    const html = (await call("resources/read", { uri })).contents[0].text as string;
    const result = await call("tools/call", { name: tool, arguments: args });
    expect(result.isError).toBe(failing);
    const page = await browser.page();
    await page.setViewportSize({ width: 1000, height: 1500 });
    const proxied: string[] = [];
    await page.exposeFunction("callServerTool", async (params: { name: string; arguments: unknown }) => {
      proxied.push(params.name);
      return call("tools/call", params);
    });
    await page.setContent(
      `<!doctype html><html><head><title>Test host</title></head><body><script>${hostScript}</script></body></html>`,
    );
    await page.evaluate(([h, a, r, t]) => (globalThis as any).hostView(h, a, r, t), [
      html,
      args,
      result,
      theme,
    ] as const);
    const frame = await viewFrame(page);
    await frame.waitForSelector(ready, { timeout: 15_000 });
    return { page, frame, result, proxied };
  }

  async function viewFrame(page: Page): Promise<Frame> {
    const handle = await page.waitForSelector("iframe");
    for (let i = 0; i < 100; i++) {
      const frame = await handle.contentFrame();
      if (frame && (await frame.$("#view"))) return frame;
      await page.waitForTimeout(50);
    }
    throw new Error("the view never loaded");
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `apps-${name}.png`), fullPage: true });

  it("draws the tear sheet: NAV against the benchmark, drawdown, rolling metrics, values on hover and keys, both themes", async () => {
    const { portfolio_id: id } = await demo.first<{ portfolio_id: string }>(
      "SELECT portfolio_id FROM portfolio.portfolios WHERE kind = 'persona' AND benchmark_id IS NOT NULL ORDER BY portfolio_id LIMIT 1",
    );
    const { page, frame, result, proxied } = await host(
      "ui://institute/tear-sheet",
      "portfolios_tear_sheet",
      { portfolio_id: id },
      "#nav-line",
    );
    const series = (await call("tools/call", { name: "portfolios_series", arguments: { portfolio_id: id } }))
      .structuredContent;
    expect(proxied).toEqual(["portfolios_series"]);
    expect(await frame.textContent("h1")).toBe(`Tear sheet: ${id}`);
    expect(await frame.locator("#nav-line").count()).toBe(1);
    expect(await frame.locator("#benchmark-line").count()).toBe(1);
    expect(await frame.locator("#drawdown-area").count()).toBe(1);
    // One move or line per point of the series: the path is the whole series.
    const d = (await frame.getAttribute("#nav-line", "d"))!;
    expect(d.match(/[ML]/g)!.length).toBe(series.points.length);
    const windows = result.structuredContent.rolling.filter((w: any) => w.points.some((p: any) => p.sharpe !== null));
    expect(await frame.locator(".rolling-line").count()).toBe(windows.length);
    expect(await frame.getAttribute("svg[role=img]", "aria-labelledby")).toBe("chart-title chart-desc");
    expect(await frame.textContent("#rolling-title")).toBe("Rolling Sharpe ratio");
    await frame.getByLabel("Volatility").check();
    expect(await frame.textContent("#rolling-title")).toBe("Rolling volatility");
    expect(await frame.locator(".rolling-line[data-metric=volatility_pct]").count()).toBe(windows.length);
    await frame.getByLabel("Sharpe ratio").check();

    const last = series.points[series.points.length - 1];
    await frame.focus("#nav-figure");
    await frame.press("#nav-figure", "End");
    expect(await frame.textContent("#nav-readout")).toContain(`${last.date} · ${id} NAV ${last.nav.toFixed(2)}`);
    await frame.press("#nav-figure", "Home");
    const first = series.points[0];
    expect(await frame.textContent("#nav-readout")).toMatch(
      new RegExp(`^${first.date} · ${id} NAV ${first.nav.toFixed(2)} · .*drawdown ${first.drawdown_pct.toFixed(2)}%$`),
    );
    const plot = (await frame.locator("#nav-plot").boundingBox())!;
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    const middle = (await frame.textContent("#nav-readout"))!;
    expect(middle).not.toContain(first.date);
    expect(middle).not.toContain(last.date);
    expect(await frame.getAttribute("#hover-line", "visibility")).toBe("visible");
    await shot(page, "tear-sheet-light");

    expect(await frame.evaluate(bodyBackground)).toBe("rgb(255, 255, 255)");
    await page.evaluate(() => (globalThis as any).setHostTheme("dark"));
    await frame.waitForFunction(isDark);
    await frame.waitForSelector("#nav-line");
    expect(await frame.evaluate(bodyBackground)).toBe("rgb(13, 17, 23)");
    expect(await frame.getAttribute("svg[role=img] > rect", "fill")).toBe("#0d1117");
    await shot(page, "tear-sheet-dark");
    expect(await page.evaluate(() => (globalThis as any).hostEvents)).toContain("size-changed");
    await page.close();
  });

  it("renders the daily report: its headings in order and a chart of the market table's changes", async () => {
    const { work_date: date } = await demo.first<{ work_date: string }>(
      "SELECT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' ORDER BY work_date DESC LIMIT 1",
    );
    const { page, frame, result } = await host("ui://institute/daily-report", "reports_daily", { date }, "#report");
    const markdown: string = result.structuredContent.markdown;
    const headings = markdown
      .split("\n")
      .filter((l) => /^#{1,3} /.test(l))
      .map((l) => l.replace(/^#+ /, ""));
    expect(headings.length).toBeGreaterThan(3);
    expect(await frame.locator("#report :is(h1, h2, h3)").allTextContents()).toEqual(headings);
    const rows = markdown.split("\n").filter((l) => /^\|/.test(l)).length - 2;
    expect(await frame.locator("#report table tbody tr").count()).toBe(rows);
    expect(await frame.locator(".change-chart").count()).toBeGreaterThan(0);
    const bars = await frame.locator(".change-chart .bar").count();
    expect(bars).toBe(rows);
    await shot(page, "daily-report-light");
    await page.evaluate(() => (globalThis as any).setHostTheme("dark"));
    await frame.waitForFunction(isDark);
    await shot(page, "daily-report-dark");
    await page.close();
  });

  it("lists a thread's cards in order with their titles", async () => {
    const { board_id } = await demo.first<{ board_id: string }>(
      "SELECT board_id FROM catalog.threads t WHERE (SELECT count(*) FROM catalog.cards c WHERE c.board_id = t.board_id) > 2 ORDER BY board_id LIMIT 1",
    );
    const { page, frame, result } = await host("ui://institute/thread", "whiteboard_get_thread", { board_id }, ".card");
    const thread = result.structuredContent;
    const titles = [...thread.cards]
      .sort((a: any, b: any) => a.card_index - b.card_index)
      .map((c: any) => `Card ${c.card_index}: ${c.topic ?? c.question ?? c.card_id}`);
    expect(titles.length).toBeGreaterThan(2);
    expect(await frame.locator(".card-title").allTextContents()).toEqual(titles);
    expect(await frame.textContent("h1")).toBe(thread.root_topic ?? "Untitled thread");
    await shot(page, "thread-light");
    await page.close();
  });

  it("shows a failed call's text, which a host hands the view as it hands any result", async () => {
    const { page, frame, result } = await host(
      "ui://institute/tear-sheet",
      "portfolios_tear_sheet",
      { portfolio_id: "nobody" },
      "[role=status].error",
      { theme: "dark", failing: true },
    );
    expect(await frame.textContent("[role=status]")).toBe(result.content[0].text);
    expect(await frame.getAttribute("#view", "aria-busy")).toBe("false");
    await page.close();
  });

  it("reached nothing beyond the host bridge", () => {
    expect(browser.offsite).toEqual([]);
  });
});
