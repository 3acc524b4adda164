/**
 * resources/list over the reports service's own dataset, where the dates are known: the last seven work dates'
 * dailies (a date with only a Chinese daily listed by its ?lang=zh URI), this week's weeklies, fleet health, and the
 * memory (empty here, so without lastModified and last).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_VIEWS } from "../../gateway/mcp/apps/app-views.js";
import { fillReportsDataset, TODAY_NOW } from "../fixtures/reports-dataset.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";

let gw: TestGateway;
let key: string;
let url: string;
beforeAll(async () => {
  gw = await startTestGateway({ now: () => TODAY_NOW, fill: (db) => fillReportsDataset(db.owner) });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}/api/mcp`;
  key = await gw.key(["viewer:read"]);
}, 120_000);
afterAll(async () => gw?.close());

async function rpc(method: string, params: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await res.json()) as any;
}

describe("resources/list on known dates", () => {
  it("lists the week's dailies (a Chinese-only one by its lang URI), weeklies, fleet health and the memory", async () => {
    const all: Array<{ uri: string; annotations: { lastModified?: string; priority: number } }> = [];
    let cursor: string | undefined;
    do {
      const { result } = await rpc("resources/list", cursor ? { cursor } : {});
      all.push(...result.resources);
      cursor = result.nextCursor;
    } while (cursor);
    const index = (await rpc("tools/call", { name: "reports_weekly_index", arguments: { date: "2026-03-05" } })).result
      .structuredContent;
    const weeklies = index.authors.map(
      (a: { work_date: string; analyst_id: string }) => `institute://reports/weekly/${a.work_date}/${a.analyst_id}`,
    );
    // The interactive views follow the documents (test/mcp/apps.test.ts).
    const views = all.splice(all.length - APP_VIEWS.length);
    expect(views.map((r) => r.uri)).toEqual(APP_VIEWS.map((v) => v.uri));
    expect(all.map((r) => r.uri).sort()).toEqual(
      [
        "institute://reports/daily/2026-03-03",
        "institute://reports/daily/2026-03-02",
        "institute://reports/daily/2026-03-01?lang=zh",
        ...weeklies,
        "institute://reports/fleet-health/latest",
        "institute://memory",
      ].sort(),
    );
    expect(weeklies.length).toBeGreaterThan(1);
    expect(all.at(-1)).toMatchObject({ uri: "institute://memory", annotations: { priority: 0.7 } });
    expect(all.at(-1)!.annotations.lastModified).toBeUndefined();
    const zh = (await rpc("resources/read", { uri: "institute://reports/daily/2026-03-01?lang=zh" })).result.contents[0]
      .text;
    expect(zh).toContain("港股小幅收高");
  });
});
