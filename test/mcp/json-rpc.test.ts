/** The transport and JSON-RPC layer of POST /api/mcp over real HTTP: negotiation, notifications, error codes, never a 5xx. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveGateway, type LiveGateway } from "./harness.js";

let gw: LiveGateway;
let key: Record<string, string>;
beforeAll(async () => {
  gw = await startLiveGateway();
  key = { "x-api-key": await gw.key(["viewer:read"]) };
});
afterAll(() => gw?.close());

const init = (protocolVersion: unknown) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "test", version: "1" } },
});

describe("initialize", () => {
  it("echoes each supported version, and offers the newest for any other", async () => {
    for (const [asked, answered] of [
      ["2025-03-26", "2025-03-26"],
      ["2025-06-18", "2025-06-18"],
      ["2025-11-25", "2025-11-25"],
      // initialize belongs to the legacy era: the stateless revision is not negotiated through it.
      ["2026-07-28", "2025-11-25"],
      ["2024-11-05", "2025-11-25"],
      ["1999-01-01", "2025-11-25"],
    ]) {
      const res = await gw.post(init(asked), key);
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.result.protocolVersion).toBe(answered);
      expect(res.headers.get("mcp-protocol-version")).toBe(answered);
      expect(body.result.capabilities).toEqual({
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      });
      expect(body.result.serverInfo).toMatchObject({ name: expect.any(String), version: expect.any(String) });
      expect(res.headers.get("mcp-session-id")).toBeNull();
    }
  });

  it("needs a protocolVersion string: -32602 otherwise", async () => {
    const body = await ((
      await gw.post({ jsonrpc: "2.0", id: 7, method: "initialize", params: {} }, key)
    ).json() as any);
    expect(body).toMatchObject({
      id: 7,
      error: { code: -32602, data: { category: "validation", argument: "protocolVersion" } },
    });
  });
});

describe("notifications, ping and client responses", () => {
  it("answers any notification with 202 and no body", async () => {
    for (const method of ["notifications/initialized", "notifications/cancelled", "notifications/whatever"]) {
      const res = await gw.post({ jsonrpc: "2.0", method }, key);
      expect(res.status).toBe(202);
      expect(await res.text()).toBe("");
    }
  });

  it("answers a client's JSON-RPC response with 202", async () => {
    const res = await gw.post({ jsonrpc: "2.0", id: 3, result: {} }, key);
    expect(res.status).toBe(202);
  });

  it("answers ping with {}", async () => {
    expect(await (await gw.post({ jsonrpc: "2.0", id: "p", method: "ping" }, key)).json()).toEqual({
      jsonrpc: "2.0",
      id: "p",
      result: {},
    });
  });
});

describe("MCP-Protocol-Version header", () => {
  it("is taken as 2025-03-26 when missing, echoed when supported, and 400 when unsupported", async () => {
    const missing = await gw.post({ jsonrpc: "2.0", id: 1, method: "ping" }, key);
    expect(missing.headers.get("mcp-protocol-version")).toBe("2025-03-26");
    const given = await gw.post(
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { ...key, "mcp-protocol-version": "2025-06-18" },
    );
    expect(given.headers.get("mcp-protocol-version")).toBe("2025-06-18");
    for (const bad of ["2099-01-01", "latest"]) {
      const res = await gw.post(
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
        { ...key, "mcp-protocol-version": bad },
      );
      expect(res.status).toBe(400);
      // One refusal for both eras: 2026-07-28's UnsupportedProtocolVersionError (the 2025 revisions name no code).
      expect(((await res.json()) as any).error).toMatchObject({
        code: -32022,
        data: { supported: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"], requested: bad },
      });
    }
  });
});

describe("malformed messages get JSON-RPC codes, never a 5xx", () => {
  const cases: Array<[string, unknown, number, number]> = [
    ["malformed JSON", '{"jsonrpc": "2.0", "id": 1, "method": ', 400, -32700],
    ["empty body", "", 400, -32700],
    ["a batch array", [{ jsonrpc: "2.0", id: 1, method: "ping" }], 400, -32600],
    ["an empty batch", [], 400, -32600],
    ["a string", '"ping"', 400, -32600],
    ["missing method", { jsonrpc: "2.0", id: 1 }, 400, -32600],
    ["wrong jsonrpc", { jsonrpc: "1.0", id: 1, method: "ping" }, 400, -32600],
    ["no jsonrpc", { id: 1, method: "ping" }, 400, -32600],
    ["object id", { jsonrpc: "2.0", id: { a: 1 }, method: "ping" }, 400, -32600],
    ["numeric method", { jsonrpc: "2.0", id: 1, method: 42 }, 400, -32600],
    [
      "unknown method",
      { jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "institute://memory" } },
      200,
      -32601,
    ],
    ["array params", { jsonrpc: "2.0", id: 1, method: "tools/call", params: [1] }, 200, -32602],
    ["tools/call without name", { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }, 200, -32602],
    ["tools/call unknown tool", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope" } }, 200, -32602],
    [
      "tools/call string arguments",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "analysts_get", arguments: "x" } },
      200,
      -32602,
    ],
  ];
  it.each(cases)("%s", async (_name, body, status, code) => {
    const res = await gw.post(body, key);
    expect(res.status).toBe(status);
    const json = (await res.json()) as any;
    expect(json.jsonrpc).toBe("2.0");
    expect(json.error.code).toBe(code);
    expect(json.error.data.transient).toBe(false);
  });

  it("refuses a non-JSON content type with 415, and an oversized body with 413", async () => {
    const text = await fetch(gw.url, { method: "POST", headers: { ...key, "content-type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    const big = await gw.post(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(1_100_000) } }),
      key,
    );
    expect(big.status).toBe(413);
  });
});

describe("tools/list", () => {
  it("lists every registry tool with title, schemas and read-only annotations", async () => {
    const { body } = await gw.rpc("tools/list", {}, key);
    const names = body.result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(["analysts_list", "analysts_get"]));
    for (const tool of body.result.tools) {
      expect(tool).toMatchObject({
        title: expect.any(String),
        description: expect.any(String),
        inputSchema: { type: "object" },
        outputSchema: { type: "object" },
      });
      expect(tool.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
  });
});

describe("tools/call of the analyst tools", () => {
  it("answers analysts_get, and an unknown analyst as a failed result a model can read, carrying §7.2's error", async () => {
    const ok = await gw.rpc("tools/call", { name: "analysts_get", arguments: { analyst_id: "a-alpha" } }, key);
    expect(ok.body.result.structuredContent).toMatchObject({
      id: "a-alpha",
      name_en: "Alpha",
      category: { id: "macro", name_en: "Macro" },
    });
    const missing = await gw.rpc("tools/call", { name: "analysts_get", arguments: { analyst_id: "a-nobody" } }, key);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({
      jsonrpc: "2.0",
      id: expect.any(Number),
      result: {
        content: [
          {
            type: "text",
            text: "analysts_get failed: analyst not found: a-nobody. [permanent: not_found] Calling again with the same arguments will not help.",
          },
        ],
        isError: true,
        error: {
          code: -32002,
          message: "analyst not found: a-nobody",
          data: { category: "permanent", transient: false, code: "not_found" },
        },
      },
    });
  });

  it("keeps a malformed call and an unknown tool JSON-RPC errors (MCP's protocol errors)", async () => {
    const unknown = await gw.rpc("tools/call", { name: "no_such_tool", arguments: {} }, key);
    expect(unknown.body.error).toMatchObject({ code: -32602, data: { code: "unknown_tool", argument: "name" } });
    const notObject = await gw.rpc("tools/call", { name: "analysts_list", arguments: [1] }, key);
    expect(notObject.body.error).toMatchObject({ code: -32602, data: { argument: "arguments" } });
    const noName = await gw.rpc("tools/call", { arguments: {} }, key);
    expect(noName.body.error).toMatchObject({ code: -32602, data: { argument: "name" } });
  });

  it("names the argument that fails the input schema", async () => {
    const missing = await gw.rpc("tools/call", { name: "analysts_get", arguments: {} }, key);
    expect(missing.body.result).toMatchObject({
      isError: true,
      content: [
        {
          type: "text",
          text: "analysts_get failed: missing argument 'analyst_id' (argument 'analyst_id'). [validation: invalid_argument] Correct the argument and call again.",
        },
      ],
      error: {
        code: -32602,
        message: "missing argument 'analyst_id'",
        data: { category: "validation", argument: "analyst_id" },
      },
    });
    const wrong = await gw.rpc("tools/call", { name: "analysts_get", arguments: { analyst_id: 5 } }, key);
    expect(wrong.body.result.error.data.argument).toBe("analyst_id");
    const extra = await gw.rpc("tools/call", { name: "analysts_list", arguments: { limit: 5 } }, key);
    expect(extra.body.result.error).toMatchObject({ message: "unknown argument 'limit'", data: { argument: "limit" } });
  });
});
