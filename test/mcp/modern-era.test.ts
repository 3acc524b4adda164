/**
 * Both eras on /api/mcp over real HTTP against the demo dataset: the official v2 client pinned to 2026-07-28 and
 * negotiating, the v1 client (legacy), and hand-made modern requests for the transport's refusals. Every modern
 * message the v2 client sends or receives is checked against the revision's schema.json.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { readCacheLive } from "../helpers/gateway.js";
import { startDemoGateway, type DemoGateway } from "./demo-gateway.js";
import { exchangeViolations, recordingFetch, violations, type Exchange } from "./modern-schema.js";

const MODERN = "2026-07-28";
const SUPPORTED = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"];
const SERVER_INFO = { name: "institute-research-publishing", title: expect.any(String), version: "1.0.0" };

let demo: DemoGateway;
let dailyUri: string;
beforeAll(async () => {
  demo = await startDemoGateway();
  const daily = await demo.first<{ work_date: string }>(
    "SELECT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' ORDER BY work_date DESC LIMIT 1",
  );
  dailyUri = `institute://reports/daily/${daily.work_date}`;
  await readCacheLive(demo.gw.app);
});
afterAll(() => demo?.close());

async function v2Client(mode: "auto" | { pin: string }, headers: Record<string, string>, exchanges: Exchange[]) {
  const client = new Client({ name: "modern-era-test", version: "1.0.0" }, { versionNegotiation: { mode } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${demo.base}/api/mcp`), {
      requestInit: { headers },
      fetch: recordingFetch(exchanges),
    }),
  );
  return client;
}

/** A modern request as the revision shapes it, with its headers; `overrides` replace or remove (undefined) headers. */
async function modern(
  method: string,
  params: Record<string, unknown>,
  overrides: Record<string, string | undefined> = {},
  credential: Record<string, string> = demo.creds.viewer,
) {
  const name = (params.name ?? params.uri) as string | undefined;
  const headers: Record<string, string | undefined> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": MODERN,
    "mcp-method": method,
    ...(name === undefined ? {} : { "mcp-name": name }),
    ...credential,
    ...overrides,
  };
  const meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": { name: "hand", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const res = await fetch(`${demo.base}/api/mcp`, {
    method: "POST",
    headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: { ...params, _meta: { ...meta, ...(params._meta as object) } },
    }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe("the v2 client pinned to 2026-07-28", () => {
  it("discovers, lists, reads and calls in the modern era, every message as the revision's schema describes it", async () => {
    const exchanges: Exchange[] = [];
    const client = await v2Client({ pin: MODERN }, demo.creds.viewer, exchanges);
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getDiscoverResult()).toMatchObject({ supportedVersions: SUPPORTED, resultType: "complete" });
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.length).toBeGreaterThan(0);
    const listed = await client.listResources();
    expect(listed.resources.length).toBeGreaterThan(0);
    const read = await client.readResource({ uri: dailyUri });
    expect(read.contents[0]).toMatchObject({ uri: dailyUri, mimeType: "text/markdown" });
    const call = await client.callTool({ name: "analysts_list", arguments: {} });
    expect(call.isError).toBe(false);
    expect((call.structuredContent as { count: number }).count).toBeGreaterThan(0);
    const failed = await client.callTool({ name: "analysts_get", arguments: { analyst_id: "nobody" } });
    expect(failed).toMatchObject({ isError: true, error: { code: -32002, data: { category: "permanent" } } });
    const prompts = await client.listPrompts();
    expect(prompts.prompts.length).toBeGreaterThan(0);
    await client.close();

    // The client pages resources/list through to the end.
    expect([...new Set(exchanges.map((e) => e.method))]).toEqual([
      "server/discover",
      "tools/list",
      "resources/templates/list",
      "resources/list",
      "resources/read",
      "tools/call",
      "prompts/list",
    ]);
    expect(exchanges.filter((e) => e.method === "tools/call")).toHaveLength(2);
    expect(exchanges.every((e) => e.status === 200)).toBe(true);
    expect(exchangeViolations(exchanges)).toEqual([]);
    const [discover] = exchanges;
    expect(discover!.received[0]).toMatchObject({
      result: {
        resultType: "complete",
        supportedVersions: SUPPORTED,
        ttlMs: 3_600_000,
        cacheScope: "public",
        _meta: { "io.modelcontextprotocol/serverInfo": SERVER_INFO },
      },
    });
    const hints = Object.fromEntries(
      exchanges.map((e) => [e.method, (e.received[0] as any).result]).map(([m, r]) => [m, [r.ttlMs, r.cacheScope]]),
    );
    expect(hints).toEqual({
      "server/discover": [3_600_000, "public"],
      "tools/list": [3_600_000, "private"],
      "resources/templates/list": [3_600_000, "private"],
      // The read cache hears every change: data-derived answers are fresh for a minute (the fixed clock is 18:00
      // in Singapore, more than a minute before the next work date).
      "resources/list": [60_000, "private"],
      "resources/read": [60_000, "private"],
      "tools/call": [undefined, undefined],
      "prompts/list": [3_600_000, "private"],
    });
    for (const { received } of exchanges) expect((received[0] as any).result.resultType).toBe("complete");
  });
});

describe("the v2 client negotiating", () => {
  it("settles on 2026-07-28 through server/discover", async () => {
    const exchanges: Exchange[] = [];
    const client = await v2Client("auto", demo.creds.peer, exchanges);
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    const tools = await client.listTools();
    // A peer sees fewer tools, in the same order as the registry.
    const order = TOOLS.map((t) => t.name);
    const names = tools.tools.map((t) => t.name);
    expect(names).toEqual(order.filter((n) => names.includes(n)));
    await client.close();
    expect(exchangeViolations(exchanges)).toEqual([]);
  });
});

describe("the v1 client", () => {
  it("still negotiates 2025-11-25 through initialize and reads as before", async () => {
    const client = await demo.connect(demo.creds.viewer);
    expect(client.getServerVersion()).toMatchObject({ name: "institute-research-publishing" });
    const read = await client.readResource({ uri: dailyUri });
    expect(read).not.toHaveProperty("resultType");
    expect(read).not.toHaveProperty("ttlMs");
    await client.close();
  });
});

describe("modern requests by hand", () => {
  it("serves server/discover only with a credential: an anonymous probe gets the 401 that starts OAuth", async () => {
    const res = await fetch(`${demo.base}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": MODERN, "mcp-method": "server/discover" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: {} }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer .*resource_metadata="/);
  });

  it("refuses a version it does not serve with -32022 listing what it does, in both eras", async () => {
    const modernAsk = await modern(
      "tools/list",
      { _meta: { "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
      {
        "mcp-protocol-version": "2099-01-01",
      },
    );
    expect(modernAsk.status).toBe(400);
    expect(modernAsk.body.error).toMatchObject({
      code: -32022,
      data: { supported: SUPPORTED, requested: "2099-01-01" },
    });
    expect(violations("UnsupportedProtocolVersionError", modernAsk.body)).toEqual([]);
  });

  it("checks MCP-Protocol-Version, Mcp-Method and Mcp-Name against the body: -32020 and 400", async () => {
    const cases: Array<[string, string, Record<string, unknown>, Record<string, string | undefined>]> = [
      ["version header missing", "tools/list", {}, { "mcp-protocol-version": undefined }],
      ["version header differs", "tools/list", {}, { "mcp-protocol-version": "2025-11-25" }],
      ["method header missing", "tools/list", {}, { "mcp-method": undefined }],
      ["method header differs", "tools/list", {}, { "mcp-method": "prompts/list" }],
      ["name header missing", "tools/call", { name: "analysts_list", arguments: {} }, { "mcp-name": undefined }],
      ["name header differs", "tools/call", { name: "analysts_list", arguments: {} }, { "mcp-name": "analysts_get" }],
      ["uri header differs", "resources/read", { uri: dailyUri }, { "mcp-name": "institute://memory" }],
      ["bad sentinel", "prompts/get", { name: "morning_brief" }, { "mcp-name": "=?base64?***?=" }],
    ];
    for (const [label, method, params, overrides] of cases) {
      const res = await modern(method, params, overrides);
      expect([label, res.status, res.body.error.code]).toEqual([label, 400, -32020]);
      expect(violations("HeaderMismatchError", res.body)).toEqual([]);
    }
    const encoded = await modern(
      "resources/read",
      { uri: dailyUri },
      {
        "mcp-name": `=?base64?${Buffer.from(dailyUri).toString("base64")}?=`,
      },
    );
    expect(encoded.status).toBe(200);
  });

  it("answers a method the era does not serve with 404 and -32601, and a missing resource with -32602", async () => {
    for (const method of ["initialize", "ping", "resources/subscribe", "logging/setLevel"]) {
      const res = await modern(method, {});
      expect([method, res.status, res.body.error.code]).toEqual([method, 404, -32601]);
    }
    const missing = await modern("resources/read", { uri: "institute://nothing/here" });
    expect(missing.status).toBe(200);
    expect(missing.body.error).toMatchObject({ code: -32602, data: { uri: "institute://nothing/here" } });
  });

  it("never lets a client keep fleet health (no-store), and says nothing hears changes while the read cache is suspended", async () => {
    const fleet = await modern("resources/read", { uri: "institute://reports/fleet-health/latest" });
    expect(fleet.body.result).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });
    demo.gw.app.readCache!.store.suspend();
    try {
      const daily = await modern("resources/read", { uri: dailyUri });
      expect(daily.body.result).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    } finally {
      demo.gw.app.readCache!.store.resume(new Set());
    }
  });

  it("needs client capabilities in _meta: -32602 naming them", async () => {
    const res = await modern("tools/list", { _meta: { "io.modelcontextprotocol/clientCapabilities": null } });
    expect(res.body.error).toMatchObject({
      code: -32602,
      data: { argument: "_meta.io.modelcontextprotocol/clientCapabilities" },
    });
  });

  it("keeps the legacy era's answers free of modern members, and server/discover out of it", async () => {
    const legacy = await demo.rpc("server/discover", {}, demo.creds.viewer);
    expect(legacy).toMatchObject({ status: 200, error: { code: -32601 } });
    const list = await demo.rpc("tools/list", {}, demo.creds.viewer);
    expect(Object.keys(list.result)).toEqual(["tools"]);
  });
});
