/**
 * The interactive views over the protocol, in both eras: tools/list names a view in `_meta.ui.resourceUri` on
 * exactly the three tools that have one, resources/read serves each as one self-contained HTML document with the
 * extension's MIME type and its CSP in `_meta`, an unknown ui:// URI is not found (-32002, or -32602 in 2026-07-28),
 * and a caller who may not call a view's tool is refused the view as tools/call refuses the tool. The constants
 * are the extension's own.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { LATEST_PROTOCOL_VERSION, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/app-bridge";
import { EXTENSION_ID } from "@modelcontextprotocol/ext-apps/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_EXTENSION_ID, APP_MIME_TYPE, APP_RESOURCE_META, APP_VIEWS } from "../../gateway/mcp/apps/app-views.js";
import { UI_PROTOCOL_VERSION } from "../../gateway/mcp/apps/ui-protocol.js";
import { REPO_ROOT } from "../../app/cluster/repo-root.js";
import { startDemoGateway, type DemoGateway } from "./demo-gateway.js";
import { exchangeViolations, recordingFetch, type Exchange } from "./modern-schema.js";

let demo: DemoGateway;

beforeAll(async () => {
  demo = await startDemoGateway();
}, 120_000);
afterAll(async () => demo?.close());

const EXPECTED_TOOLS = {
  "ui://institute/tear-sheet": "portfolios_tear_sheet",
  "ui://institute/daily-report": "reports_daily",
  "ui://institute/thread": "whiteboard_get_thread",
};

it("uses the extension's MIME type and protocol revision", () => {
  expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
  expect(APP_EXTENSION_ID).toBe(EXTENSION_ID);
  expect(UI_PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
});

/** What every view's document must be: one HTML file with its script and styles inline, reaching no origin. */
function expectSelfContained(html: string) {
  expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
  expect(html).toMatch(/<script type="module">[^]+<\/script><\/body><\/html>\n$/);
  expect(html).not.toMatch(/<script[^>]+src=|<link\b|<img\b|<iframe\b|@import|url\((?!#)/i);
  expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  // Nothing of the machine that built it (the build is reproducible anywhere).
  expect(html).not.toContain(REPO_ROOT);
}

describe("legacy era (v1 SDK client, 2025-11-25)", () => {
  it("names each view on its tool and on no other", async () => {
    const client = await demo.connect(demo.creds.viewer);
    const { tools } = await client.listTools();
    const named = Object.fromEntries(
      tools.filter((t) => t._meta !== undefined).map((t) => [(t._meta as any).ui.resourceUri, t.name]),
    );
    expect(named).toEqual(EXPECTED_TOOLS);
    for (const t of tools.filter((t) => t._meta !== undefined)) expect(Object.keys(t._meta!)).toEqual(["ui"]);
    await client.close();
  });

  it("reads each view as self-contained HTML with the extension's MIME type and a CSP that allows no origin", async () => {
    const client = await demo.connect(demo.creds.viewer);
    for (const view of APP_VIEWS) {
      const read = await client.readResource({ uri: view.uri });
      expect(read.contents).toHaveLength(1);
      const [content] = read.contents as Array<{ uri: string; mimeType: string; text: string; _meta: unknown }>;
      expect(content!.uri).toBe(view.uri);
      expect(content!.mimeType).toBe("text/html;profile=mcp-app");
      expect(content!._meta).toEqual({
        ui: {
          csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
          prefersBorder: true,
        },
      });
      expectSelfContained(content!.text);
      expect(content!.text).toContain(`<title>${view.title}</title>`);
      console.info(`view ${view.name}: ${Buffer.byteLength(content!.text)} bytes`);
      expect(Buffer.byteLength(content!.text)).toBeLessThan(32_000);
    }
    await client.close();
  });

  it("answers an unknown ui:// URI with -32002 naming it", async () => {
    const res = await demo.rpc("resources/read", { uri: "ui://institute/nothing" }, demo.creds.viewer);
    expect(res.error).toMatchObject({
      code: -32002,
      message: "Resource not found: ui://institute/nothing",
      data: { code: "resource_not_found", uri: "ui://institute/nothing" },
    });
  });

  it("refuses a view to a caller its tool refuses, with the tool's refusal", async () => {
    const read = await demo.rpc("resources/read", { uri: "ui://institute/tear-sheet" }, demo.creds.whiteboard);
    const call = await demo.rpc(
      "tools/call",
      { name: "portfolios_tear_sheet", arguments: { portfolio_id: "p-anything" } },
      demo.creds.whiteboard,
    );
    expect(read.error.data.category).toBe("auth");
    expect(call.result.isError).toBe(true);
    expect(read.error).toEqual(call.result.error);
    // The thread view is the whiteboard credential's: its tool is.
    const thread = await demo.rpc("resources/read", { uri: "ui://institute/thread" }, demo.creds.whiteboard);
    expect(thread.result.contents[0].mimeType).toBe(APP_MIME_TYPE);
  });
});

describe("2026-07-28 (v2 client pinned to the modern era)", () => {
  let client: Client;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    client = new Client(
      { name: "apps-test", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${demo.base}/api/mcp`), {
        requestInit: { headers: demo.creds.viewer },
        fetch: recordingFetch(exchanges),
      }),
    );
  });
  afterAll(async () => client?.close());

  it("says in server/discover that it serves the extension", () => {
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(client.getDiscoverResult()!.capabilities).toMatchObject({
      extensions: { "io.modelcontextprotocol/ui": {} },
    });
  });

  it("lists the tools with their views and reads each view, every message as the revision's schema says", async () => {
    const { tools } = await client.listTools();
    expect(
      Object.fromEntries(tools.filter((t) => t._meta).map((t) => [(t._meta as any).ui.resourceUri, t.name])),
    ).toEqual(EXPECTED_TOOLS);
    for (const view of APP_VIEWS) {
      const read = await client.readResource({ uri: view.uri });
      expect(read.contents[0]).toMatchObject({ uri: view.uri, mimeType: APP_MIME_TYPE, _meta: APP_RESOURCE_META });
      expectSelfContained((read.contents[0] as { text: string }).text);
    }
    const reads = exchanges.filter((e) => e.method === "resources/read");
    expect(reads).toHaveLength(APP_VIEWS.length);
    for (const r of reads)
      expect((r.received[0] as any).result).toMatchObject({
        resultType: "complete",
        ttlMs: 3_600_000,
        cacheScope: "private",
      });
    expect(exchangeViolations(exchanges)).toEqual([]);
  });

  it("answers an unknown ui:// URI with -32602, as the revision numbers a missing resource", async () => {
    await expect(client.readResource({ uri: "ui://institute/nothing" })).rejects.toMatchObject({ code: -32602 });
  });
});
