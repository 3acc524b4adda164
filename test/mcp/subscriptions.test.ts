/**
 * subscriptions/listen over real HTTP against the demo dataset with the read cache listening: the official v2 client
 * pinned to 2026-07-28 opts in, an import (the bundle importer, as the operator runs it) adds a daily report, and the
 * notifications reach the client within a second of the commit; every message on the stream matches the revision's
 * schema. Also: the honoured filter, the per-credential bound, and the graceful end on shutdown.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyFileOf } from "../../bundle/body-files.js";
import { importBundle } from "../../bundle/import.js";
import { KINDS } from "../../bundle/kinds/index.js";
import { writeBundle } from "../bundle/bundle-files.js";
import { readCacheLive, startReplica } from "../helpers/gateway.js";
import { AS_OF, startDemoGateway, TODAY, type DemoGateway } from "./demo-gateway.js";
import { exchangeViolations, recordingFetch, type Exchange } from "./modern-schema.js";

let demo: DemoGateway;
const bundles: string[] = [];
beforeAll(async () => {
  demo = await startDemoGateway();
  await readCacheLive(demo.gw.app);
});
afterAll(async () => {
  await demo?.close();
  for (const dir of bundles) rmSync(dir, { recursive: true, force: true });
});

async function pinned(base: string, headers: Record<string, string>, exchanges: Exchange[] = []) {
  const client = new Client(
    { name: "subscriptions-test", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
      requestInit: { headers },
      fetch: recordingFetch(exchanges),
    }),
  );
  return client;
}

/** Imports one daily report by the editor for `date`, through the bundle importer; resolves at its commit. */
async function importDaily(date: string, n: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "daily-bundle-"));
  bundles.push(dir);
  const key = `reports/daily/${date}/subscription-test-${n}.md`;
  writeBundle(dir, {
    lines: {
      objects: [{ key, content_type: "text/markdown; charset=utf-8", created_at: AS_OF + n, file: bodyFileOf(key) }],
      reports: [
        {
          report_id: `r-subscription-test-${n}`,
          kind: "daily",
          analyst_id: "daily-editor",
          work_date: date,
          lang: "en",
          title: `Daily ${date} (${n})`,
          object_key: key,
          archived_at: AS_OF + 60_000 + n,
        },
      ],
    },
    files: { [bodyFileOf(key)]: `# Daily ${date}\n\nImported by the subscription test (${n}).\n` },
  });
  const result = await importBundle(demo.gw.db.owner, dir, KINDS);
  expect(result.problems).toBeUndefined();
}

const waitFor = async <T>(what: string, get: () => T | undefined, ms = 5_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("subscriptions/listen with the v2 client pinned to 2026-07-28", () => {
  it("announces resourcesListChanged and the subscribed daily's update within a second of an import's commit", async () => {
    const exchanges: Exchange[] = [];
    const client = await pinned(demo.base, demo.creds.viewer, exchanges);
    const discovered = client.getDiscoverResult()!;
    expect(discovered.capabilities).toMatchObject({
      resources: { subscribe: true, listChanged: true },
      tools: { listChanged: true },
    });
    const dailyUri = `institute://reports/daily/${TODAY}`;
    const heard: Array<{ method: string; at: number; uri?: string }> = [];
    client.setNotificationHandler("notifications/resources/list_changed", () => {
      heard.push({ method: "list_changed", at: Date.now() });
    });
    client.setNotificationHandler("notifications/resources/updated", (n) => {
      heard.push({ method: "updated", at: Date.now(), uri: n.params.uri });
    });
    const subscription = await client.listen({
      resourcesListChanged: true,
      resourceSubscriptions: [dailyUri, "institute://nowhere/1", "institute://portfolios/p-unknown"],
    });
    // A URI no template describes is not honoured; one of a template's shape is, whether or not it exists yet.
    expect(subscription.honoredFilter).toEqual({
      resourcesListChanged: true,
      resourceSubscriptions: [dailyUri, "institute://portfolios/p-unknown"],
    });

    await importDaily(TODAY, 1);
    const committed = Date.now();
    const listChanged = await waitFor("list_changed", () => heard.find((h) => h.method === "list_changed"));
    const updated = await waitFor("updated", () => heard.find((h) => h.method === "updated"));
    console.log(`resources/list_changed ${listChanged.at - committed} ms after the import's commit`);
    expect(listChanged.at - committed).toBeLessThan(1_000);
    expect(updated).toMatchObject({ uri: dailyUri });
    expect(updated.at - committed).toBeLessThan(1_000);
    // The statements of one import are announced once each (in the order their tables were written: the body's
    // object, then the report row), and nothing for the portfolio.
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.map((h) => [h.method, h.uri])).toEqual([
      ["updated", dailyUri],
      ["list_changed", undefined],
    ]);
    // What a client reads after the notification is the new document (the read cache dropped the old one first).
    const read = await client.readResource({ uri: dailyUri }, { cacheMode: "bypass" } as never);
    expect((read.contents[0] as { text: string }).text).toContain("Imported by the subscription test (1).");

    await subscription.close();
    expect(await subscription.closed).toBe("local");
    await client.close();
    expect(exchangeViolations(exchanges)).toEqual([]);
    const listen = exchanges.find((e) => e.method === "subscriptions/listen")!;
    expect((listen.received as Array<{ method?: string }>).map((m) => m.method)).toEqual([
      "notifications/subscriptions/acknowledged",
      "notifications/resources/updated",
      "notifications/resources/list_changed",
    ]);
  });

  it("bounds the streams of one credential, and refuses a filter that is not the revision's shape", async () => {
    const key = { "x-api-key": await demo.gw.key(["reports:read"]) };
    const client = await pinned(demo.base, key);
    const open = [];
    for (let i = 0; i < 4; i++) open.push(await client.listen({ resourcesListChanged: true }));
    await expect(client.listen({ resourcesListChanged: true })).rejects.toThrow(/too many open subscriptions/);
    await open[0]!.close();
    // Once the server hears the close, a fifth stream is admitted.
    let fifth;
    for (let attempt = 0; attempt < 50 && !fifth; attempt++) {
      fifth = await client.listen({ resourcesListChanged: true }).catch(() => undefined);
      if (!fifth) await new Promise((r) => setTimeout(r, 20));
    }
    expect(fifth).toBeDefined();
    for (const s of [...open.slice(1), fifth!]) await s.close();
    await expect(client.listen({ resourcesListChanged: "yes" } as never)).rejects.toThrow(
      /notifications.resourcesListChanged/,
    );
    await client.close();
  });

  it("ends every stream gracefully when the gateway shuts down", async () => {
    const replica = await startReplica(demo.gw, { now: () => AS_OF });
    await replica.listen({ port: 0, host: "127.0.0.1" });
    await readCacheLive(replica);
    const base = `http://127.0.0.1:${(replica.server.address() as { port: number }).port}`;
    const exchanges: Exchange[] = [];
    const client = await pinned(base, demo.creds.viewer, exchanges);
    const subscription = await client.listen({ resourcesListChanged: true, toolsListChanged: true });
    expect(subscription.honoredFilter).toEqual({ resourcesListChanged: true, toolsListChanged: true });
    await replica.close();
    expect(await subscription.closed).toBe("graceful");
    await client.close();
    expect(exchangeViolations(exchanges)).toEqual([]);
  });
});
