/**
 * The SVG chart routes through the gateway over the shared portfolio fixtures: well-formed, accessible SVG (title,
 * desc, axis labels), the plotted line inside its plot area, theme and size honoured and bounded, ETag and 304, and
 * refusals as ErrorResponses. The browser test (test/browser/charts.test.ts) looks at the rendered pixels.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPortfolios } from "../../test/fixtures/portfolio.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ fill: (db) => fillPortfolios(db.owner) });
  key = await gw.key(["portfolios:read"]);
});
afterAll(() => gw?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url, headers: { "x-api-key": key, ...headers } });
const attr = (svg: string, id: string, name: string) =>
  new RegExp(`id="${id}"[^>]*\\s${name}="([^"]+)"`).exec(svg)?.[1];

/** Every coordinate pair of a path's d attribute. */
const coordinates = (d: string) =>
  [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

describe("GET /api/v1/portfolios/{portfolioId}/chart.svg", () => {
  it("is an accessible SVG of the NAV, the rebased benchmark and the drawdown, inside their plot areas", async () => {
    const res = await get("/api/v1/portfolios/p-alpha/chart.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    const svg = res.body;
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="960" height="540" viewBox="0 0 960 540" role="img" aria-labelledby="chart-title chart-desc"/,
    );
    expect(svg).toContain('<title id="chart-title">p-alpha: NAV against bench-sti, and drawdown</title>');
    expect(svg).toContain(
      '<desc id="chart-desc">Daily NAV of p-alpha from 2026-03-03 (100.00) to 2026-03-06 (106.00), a total return of 6.00%, drawn against bench-sti rebased to the same NAV on 2026-03-03. Below, the drawdown from the running peak: deepest -1.92% on 2026-03-05, 0.00% at the last point.</desc>',
    );
    for (const label of [">NAV<", ">Drawdown<", ">Work date (Asia/Singapore)<"]) expect(svg).toContain(label);
    // Nothing that runs or loads: no script, no link, no url() but references to its own clip paths.
    expect(svg).not.toMatch(/<script|href=|url\((?!#(nav|drawdown)-clip\))/i);
    const plot = {
      x: Number(attr(svg, "nav-plot", "x")),
      y: Number(attr(svg, "nav-plot", "y")),
      w: Number(attr(svg, "nav-plot", "width")),
      h: Number(attr(svg, "nav-plot", "height")),
    };
    const line = coordinates(attr(svg, "nav-line", "d")!);
    expect(line).toHaveLength(4);
    for (const [x, y] of [...line, ...coordinates(attr(svg, "benchmark-line", "d")!)]) {
      expect(x).toBeGreaterThanOrEqual(plot.x);
      expect(x).toBeLessThanOrEqual(plot.x + plot.w);
      expect(y).toBeGreaterThanOrEqual(plot.y);
      expect(y).toBeLessThanOrEqual(plot.y + plot.h);
    }
    // The first and last points span the plot's width.
    expect(line[0]![0]).toBe(plot.x);
    expect(line[3]![0]).toBe(plot.x + plot.w);
  });

  it("honours theme, width and height", async () => {
    const dark = (await get("/api/v1/portfolios/p-alpha/chart.svg?theme=dark&width=400&height=300")).body;
    expect(dark).toContain('width="400" height="300" viewBox="0 0 400 300"');
    expect(dark).toContain('<rect width="400" height="300" fill="#0d1117"/>');
    const light = (await get("/api/v1/portfolios/p-alpha/chart.svg?theme=light&width=2400&height=1600")).body;
    expect(light).toContain('<rect width="2400" height="1600" fill="#ffffff"/>');
  });

  it("says there is not enough data for a series under two points", async () => {
    const svg = (await get("/api/v1/portfolios/p-lone/chart.svg")).body;
    expect(svg).toContain('<desc id="chart-desc">p-lone has 1 daily point: not enough to plot.</desc>');
    expect(svg).toContain(">Not enough data to plot<");
    expect(svg).not.toContain('id="nav-line"');
  });

  it("sends a strong ETag and answers 304 to If-None-Match; another theme is another ETag", async () => {
    const first = await get("/api/v1/portfolios/p-alpha/chart.svg");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers["cache-control"]).toBe("private, max-age=60, must-revalidate");
    const again = await get("/api/v1/portfolios/p-alpha/chart.svg", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(
      (await get("/api/v1/portfolios/p-alpha/chart.svg", { "if-none-match": `W/${etag}, "other"` })).statusCode,
    ).toBe(304);
    const dark = await get("/api/v1/portfolios/p-alpha/chart.svg?theme=dark", { "if-none-match": etag });
    expect(dark.statusCode).toBe(200);
    expect(dark.headers.etag).not.toBe(etag);
  });

  it("refuses sizes and themes outside the bounds with 400, and an unknown portfolio with 404", async () => {
    const cases: Array<[string, number, string]> = [
      ["?width=399", 400, "invalid query parameter 'width': must be >= 400"],
      ["?width=2401", 400, "invalid query parameter 'width': must be <= 2400"],
      ["?height=299", 400, "invalid query parameter 'height': must be >= 300"],
      ["?height=1601", 400, "invalid query parameter 'height': must be <= 1600"],
      ["?width=500.5", 400, "invalid query parameter 'width': must be integer"],
      ["?theme=blue", 400, "invalid query parameter 'theme': must be one of light, dark"],
    ];
    for (const [query, status, error] of cases) {
      const res = await get(`/api/v1/portfolios/p-alpha/chart.svg${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    const unknown = await get("/api/v1/portfolios/nope/chart.svg");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "unknown portfolio: nope" });
  });
});

describe("GET /api/v1/portfolios/leaderboard/chart.svg", () => {
  it("draws a bar per persona portfolio with a value, in leaderboard order, and n/a for the others", async () => {
    const res = await get("/api/v1/portfolios/leaderboard/chart.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    const svg = res.body;
    expect(svg).toContain(
      '<title id="chart-title">Portfolio leaderboard: Sharpe ratio and total return of 7 portfolios</title>',
    );
    expect(svg).toMatch(
      /<desc id="chart-desc">Horizontal bars for 7 portfolios ordered by Sharpe ratio\. Highest: p-alpha with a Sharpe of [\d.]+ and a total return of 6\.00%\. 1 of them have a negative total return\.<\/desc>/,
    );
    const labels = [...svg.matchAll(/<text [^>]*text-anchor="end" [^>]*>(p-[a-z]+)<\/text>/g)].map((m) => m[1]);
    expect(labels).toEqual(["p-alpha", "p-delta", "p-gamma", "p-beta", "p-empty", "p-flat", "p-lone"]);
    const sharpeBars = [
      ...svg
        .split('<g id="sharpe-bars">')[1]!
        .split("</g>")[0]!
        .matchAll(/<title>([^<]+)<\/title>/g),
    ].map((m) => m[1]!.split(":")[0]);
    expect(sharpeBars).toEqual(["p-alpha", "p-delta", "p-gamma", "p-beta"]);
    expect(
      (
        svg
          .split('<g id="sharpe-bars">')[1]!
          .split("</g>")[0]!
          .match(/>n\/a</g) ?? []
      ).length,
    ).toBe(3);
    for (const label of [">Sharpe ratio<", ">Total return (%)<"]) expect(svg).toContain(label);
  });

  it("answers 304 to its ETag, 401 without a key and 403 without portfolios:read", async () => {
    const etag = (await get("/api/v1/portfolios/leaderboard/chart.svg")).headers.etag as string;
    expect((await get("/api/v1/portfolios/leaderboard/chart.svg", { "if-none-match": etag })).statusCode).toBe(304);
    expect((await gw.app.inject({ url: "/api/v1/portfolios/leaderboard/chart.svg" })).statusCode).toBe(401);
    const narrow = await gw.key(["reports:read"]);
    const res = await gw.app.inject({
      url: "/api/v1/portfolios/leaderboard/chart.svg",
      headers: { "x-api-key": narrow },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: "missing scope: portfolios:read",
      required: "portfolios:read",
      granted: ["reports:read"],
    });
  });
});
