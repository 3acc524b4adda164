/**
 * The operator's console in headless Chromium, over real sockets, as a new operator would use it: open the one-time
 * sign-in link, mint a key and copy it with the button (the public port answers 200 with it), revoke it (the public
 * port refuses it within KEY_CACHE_SECONDS), flip the kill switch, press "generate fleet health" and read the new
 * snapshot over REST. No request leaves the console's origin and the strict CSP refuses nothing the pages need.
 * A screenshot of every page goes to test-output/browser/ (git-ignored).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminListener } from "../../admin/admin-app.js";
import { PAGES } from "../../admin/console/layout.js";
import { createSignInLink } from "../../admin/console/session/session-store.js";
import type { Governor } from "../../governor/governor.js";
import { createUsageRecorder, type UsageRecorder } from "../../lib/usage/usage-recorder.js";
import { addChainFacts } from "../fixtures/governor.js";
import { fillReportsDataset } from "../fixtures/reports-dataset.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { startHarness, type Harness } from "../helpers/governor-harness.js";
import { fillAnalysts } from "../mcp/harness.js";
import { chromiumMissing, openBrowser, SCREENSHOTS, type Browser } from "./browser.js";

const missing = chromiumMissing();
if (missing) console.warn(`browser tests skipped: ${missing}`);

const KEY_CACHE_SECONDS = 2;

describe.skipIf(missing !== null)("the operator's console in headless Chromium", () => {
  let gw: TestGateway;
  let admin: { url: string; app: { close(): Promise<void> } };
  let browser: Browser;
  let page: Page;
  let publicBase: string;
  /** A governor on the same database, its relay the simulator, its clock set to now: ticks run when the test says. */
  let harness: Harness;
  let governor: Governor;
  let usage: UsageRecorder;
  const FIVE_MINUTES = 5 * 60_000;
  const slotNow = () => Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
  /** What the pages reported on the browser's console: CSP refusals would be here. */
  const complaints: string[] = [];

  const shoot = async (name: string) =>
    writeFileSync(join(SCREENSHOTS, `console-${name}.png`), await page.screenshot({ type: "png", fullPage: true }));
  const publicStatus = async (key: string) =>
    (await fetch(`${publicBase}/api/v1/analysts`, { headers: { "x-api-key": key } })).status;

  beforeAll(async () => {
    gw = await startTestGateway({
      env: { KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS), ADMIN_PORT: "0" },
      fill: async (db) => {
        await fillAnalysts(db);
        await fillReportsDataset(db.owner);
      },
      usage: (db) => (usage = createUsageRecorder({ pool: db.owner, flushMs: 0 })),
    });
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    publicBase = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`;
    harness = await startHarness({
      db: gw.db,
      sim: { fleet: { nodes: 3, slotsPerNode: 1000, queueCap: 20, reportedFree: 6 } },
    });
    harness.clock.set(Date.now());
    governor = harness.governor();
    await addChainFacts(gw.db.owner, 40);
    admin = (await startAdminListener({
      config: gw.config,
      owner: gw.db.owner,
      always: true,
      writeFleetHealth: (request) => governor.writeFleetHealth(request),
    }))!;
    browser = await openBrowser(admin.url);
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: admin.url });
    page = await browser.page();
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") complaints.push(m.text());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await admin?.app.close();
    await harness?.close();
    await gw?.close();
  });

  it("signs in with the one-time link, which lands on the overview and works only once", async () => {
    const token = await createSignInLink(gw.db.owner, { now: Date.now(), lifetimeMs: gw.config.access.admin.linkMs });
    const res = await page.goto(`${admin.url}/sign-in/link?token=${token}`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.textContent("h1")).toBe("Overview");
    const again = await fetch(`${admin.url}/sign-in/link?token=${token}`, { redirect: "manual" });
    expect(again.status).toBe(401);
  });

  it("mints a key, copies it with the button, and the public port answers 200 with it; revoked, it is refused", async () => {
    await page.goto(`${admin.url}/keys`);
    await page.fill("#name", "colleague");
    await page.check('input[name="scopes"][value="analysts:read"]');
    await page.check('input[name="scopes"][value="reports:read"]');
    await page.check('input[name="scopes"][value="viewer:read"]');
    await page.fill("#expires", "30d");
    await page.click('#mint button[type="submit"]');
    await page.waitForSelector("#new-key");
    expect(await page.textContent("h1")).toBe("Key minted");
    const shown = (await page.textContent("#new-key"))!.trim();
    expect(shown).toMatch(/^sk_ins_[A-Za-z0-9_-]{32}$/);
    await page.click('button[data-copy="new-key"]');
    // The button says so once the clipboard's write has resolved, a turn or more after the click.
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector('button[data-copy="new-key"]')?.textContent !== "Copy",
    );
    expect(await page.textContent('button[data-copy="new-key"]')).toBe("Copied");
    const copied = await page.evaluate(() => (globalThis as any).navigator.clipboard.readText());
    expect(copied).toBe(shown);
    expect(await publicStatus(copied)).toBe(200);

    // The colleague reads a daily report through REST and through a tool; the Usage page's readership counts both.
    const headers = { "x-api-key": copied };
    expect((await fetch(`${publicBase}/api/v1/reports/daily/2026-03-03`, { headers })).status).toBe(200);
    const tool = await fetch(`${publicBase}/api/mcp`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "reports_daily", arguments: { date: "2026-03-03" } },
      }),
    });
    expect(((await tool.json()) as { result: { isError: boolean } }).result.isError).toBe(false);
    await usage.flush();
    await page.goto(`${admin.url}/usage?days=1`);
    const read = page.locator("#readership tbody tr", { hasText: "2026-03-03" });
    expect(await read.locator("td").allTextContents()).toEqual([
      "daily",
      "2026-03-03",
      expect.stringMatching(/^key:key_[0-9a-f]{12} \(colleague\)$/),
      "2",
      "1",
      "1",
      expect.stringMatching(/ UTC$/),
      expect.stringMatching(/ UTC$/),
    ]);
    await shoot("usage-readership");

    await page.goto(`${admin.url}/keys`);
    await shoot("keys");
    const keyId = (await gw.db.owner.query("SELECT key_id FROM auth.api_keys WHERE name = 'colleague'")).rows[0].key_id;
    await page.click(`tr[data-key-id="${keyId}"] button.danger`);
    await page.waitForSelector(`tr[data-key-id="${keyId}"] td.bad`);
    expect(await page.textContent(`tr[data-key-id="${keyId}"] td.bad`)).toBe("revoked");
    const revokedAt = Date.now();
    let status = await publicStatus(copied);
    while (status === 200 && Date.now() - revokedAt < (KEY_CACHE_SECONDS + 1) * 1000) {
      await new Promise((r) => setTimeout(r, 100));
      status = await publicStatus(copied);
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(KEY_CACHE_SECONDS * 1000 + 500);
  });

  it("flips the kill switch, and the next tick runs without the edge reserve", async () => {
    const before = await governor.tick(slotNow() - FIVE_MINUTES);
    expect([before.enabled, before.reserve]).toEqual([true, 1]);
    await page.goto(`${admin.url}/governor`);
    expect(await page.textContent("#governor-state")).toBe("on");
    await page.click("#kill-switch");
    await page.waitForSelector("#governor-state.bad");
    expect(await page.textContent("#governor-state")).toBe("off");
    const { rows } = await gw.db.owner.query("SELECT value FROM governor.settings WHERE name = 'enabled'");
    expect(rows[0].value).toBe(false);
    const after = await governor.tick(slotNow());
    expect([after.enabled, after.reserve]).toEqual([false, 0]);
    await page.goto(`${admin.url}/governor`);
    // The newest tick first: headroom control off.
    expect(await page.textContent("table tbody tr:first-child td:nth-child(3)")).toBe("off");
    expect(await page.textContent("table tbody tr:nth-child(2) td:nth-child(3)")).toBe("on");
  });

  it('writes a fleet-health snapshot with "generate fleet health", read over REST at once', async () => {
    const key = await gw.key(["reports:read"]);
    const latest = () => fetch(`${publicBase}/api/v1/reports/fleet-health/latest`, { headers: { "x-api-key": key } });
    const before = await (await latest()).text(); // the dataset's imported snapshot
    await page.goto(`${admin.url}/governor`);
    await Promise.all([page.waitForURL(`${admin.url}/governor/fleet-health`), page.click("#fleet-health")]);
    expect(await page.textContent("h1")).toBe("Fleet health written");
    const res = await latest();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).not.toBe(before);
    expect(body).toContain("on demand, at an operator's request");
  });

  it("withdraws a daily with the Withdrawals form, the public route says so, and its button reinstates it", async () => {
    const key = await gw.key(["reports:read"]);
    const daily = () => fetch(`${publicBase}/api/v1/reports/daily/2026-03-03`, { headers: { "x-api-key": key } });
    expect((await daily()).status).toBe(200);
    await page.goto(`${admin.url}/withdrawals`);
    await page.selectOption("#withdraw select[name=kind]", "daily");
    await page.fill("#withdraw input[name=id]", "2026-03-03");
    await page.fill("#withdraw input[name=reason]", "wrong figure");
    await Promise.all([page.waitForURL(`${admin.url}/withdrawals`), page.click("#withdraw button[type=submit]")]);
    expect(await page.textContent("#withdrawals tbody tr:first-child td:nth-child(2)")).toBe("2026-03-03");
    await shoot("withdrawals-in-force");
    await expect.poll(async () => (await daily()).status).toBe(404);
    await Promise.all([
      page.waitForURL(`${admin.url}/withdrawals`),
      page.click("#withdrawals tbody tr:first-child button"),
    ]);
    expect(await page.textContent("#withdrawals tbody")).toContain("Nothing is withdrawn.");
    await expect.poll(async () => (await daily()).status).toBe(200);
  });

  it("renders every page, with nothing fetched elsewhere and nothing refused by the CSP", async () => {
    for (const [path, label] of PAGES) {
      const res = await page.goto(`${admin.url}${path}`);
      expect(res?.status(), path).toBe(200);
      expect(await page.getAttribute("nav a[aria-current=page]", "href")).toBe(path);
      await shoot(label.toLowerCase());
    }
    await page.goto(`${admin.url}/keys`);
    expect(
      await page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).margin),
    ).toBe("0px");
    expect(browser.offsite).toEqual([]);
    expect(complaints).toEqual([]);
  });

  it("signs out, and the pages send the browser back to sign in", async () => {
    await page.goto(`${admin.url}/`);
    await Promise.all([page.waitForURL(`${admin.url}/sign-in`), page.click('header button[type="submit"]')]);
    await shoot("sign-in");
    await page.goto(`${admin.url}/keys`);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  });
});
