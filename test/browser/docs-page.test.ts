/**
 * GET /docs in headless Chromium with every request off the service aborted: the reference renders every operation
 * of the served OpenAPI document, and "Authorize" then "Try it out" sends the key as X-API-Key and shows the answer.
 * A screenshot goes to test-output/browser/docs.png.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillAnalysts } from "../mcp/harness.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { chromiumMissing, openBrowser, SCREENSHOTS, type Browser } from "./browser.js";

const missing = chromiumMissing();
if (missing) console.warn(`browser tests skipped: ${missing}`);

describe.skipIf(missing !== null)("/docs in headless Chromium", () => {
  let gw: TestGateway;
  let browser: Browser;
  let base: string;
  let key: string;
  let operations: string[];

  beforeAll(async () => {
    gw = await startTestGateway({ fill: fillAnalysts });
    key = await gw.key(["analysts:read"]);
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`;
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // No key in the browser's headers: the page is public, and the key must come from "Authorize".
    browser = await openBrowser(base);
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it("renders every operation of the served document, offline", async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const res = await page.goto(`${base}/docs`);
    expect(res?.status()).toBe(200);
    await page.locator(".opblock").first().waitFor();
    const shown = await page
      .locator(".opblock")
      .evaluateAll((blocks) =>
        blocks.map(
          (b: any) =>
            `${b.querySelector(".opblock-summary-method").textContent.trim()} ${b.querySelector(".opblock-summary-path").getAttribute("data-path")}`,
        ),
      );
    expect(shown.sort()).toEqual([...operations].sort());
    expect(operations.length).toBeGreaterThanOrEqual(29);
    writeFileSync(join(SCREENSHOTS, "docs.png"), await page.screenshot({ type: "png" }));
    expect(errors).toEqual([]);
    expect(browser.offsite).toEqual([]);
    await page.close();
  });

  it("sends the key given to Authorize as X-API-Key when an operation is tried", async () => {
    const page = await browser.page();
    await page.goto(`${base}/docs#/analysts/getAnalysts`);
    await page.locator("button.authorize").first().click();
    // Two schemes are offered (the institute key, and the feed token for feeds): fill the X-API-Key one.
    const scheme = page.locator(".modal-ux .auth-container").filter({ hasText: "X-API-Key" });
    await scheme.locator("input").fill(key);
    await scheme.locator("button.authorize").click();
    await page.locator(".modal-ux button.btn-done").first().click();
    const op = page.locator("#operations-analysts-getAnalysts");
    if (!(await op.locator(".try-out__btn").isVisible())) await op.locator(".opblock-summary").click();
    await op.locator(".try-out__btn").click();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url() === `${base}/api/v1/analysts`),
      op.locator(".execute").click(),
    ]);
    expect(request.headers()["x-api-key"]).toBe(key);
    const response = await request.response();
    expect(response?.status()).toBe(200);
    await op.locator(".live-responses-table tbody .response-col_status").first().waitFor();
    expect((await op.locator(".live-responses-table tbody .response-col_status").first().textContent())?.trim()).toBe(
      "200",
    );
    expect(browser.offsite).toEqual([]);
    await page.close();
  });
});
