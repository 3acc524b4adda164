/**
 * Tool grants and tool failures over real HTTP, with tool definitions made here: scope tools (viewer:read is a
 * superset), a party-granted coverage tool, a tool withheld from peers, a bounded tool, and failing tools whose
 * ConnectError codes become spec §7.2 categories.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import { newKey, startLiveGateway, writePeersFile, type LiveGateway } from "./harness.js";

const echo = {
  type: "object",
  properties: { who: { type: "string" } },
  required: ["who"],
  additionalProperties: false,
} as const;
const noArgs = { type: "object", properties: {}, additionalProperties: false } as const;
const whoAmI = async (_a: unknown, { principal }: { principal: { kind: string } }) => ({ who: principal.kind });

const tool = (name: string, grant: ToolDefinition["grant"], extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  title: name,
  description: `test tool ${name}`,
  grant,
  toolset: "events",
  inputSchema: noArgs,
  outputSchema: echo,
  pager: "none",
  call: whoAmI,
  ...extra,
});

const bounded: ToolDefinition = tool(
  "rows_list",
  { scope: "mailbox:read" },
  {
    inputSchema: {
      type: "object",
      properties: { limit: { type: "integer", minimum: 1, maximum: 20, default: 5 } },
      additionalProperties: false,
    },
    outputSchema: {
      type: "object",
      properties: { limit: { type: "integer" }, bound: { type: "object" } },
      required: ["limit", "bound"],
    },
    bound: { default: 5, max: 20 },
    call: async (args: { limit: number }) => ({
      limit: args.limit,
      bound: { limit: args.limit, returned: 0, has_more: false, exact: true },
    }),
  },
);

const failing = (code: Code) =>
  tool(
    `fails_${Code[code].toLowerCase()}`,
    { scope: "events:read" },
    {
      call: async () => {
        throw new ConnectError("service says no", code);
      },
    },
  );

const TOOLS: ToolDefinition[] = [
  tool("sessions_tool", { scope: "sessions:read" }),
  tool("coverage_tool", { party: "coverage" }),
  tool("workspace_tool", { scope: "sessions:read" }, { withheldFromPeers: true }),
  bounded,
  tool("bad_output", { scope: "events:read" }, { call: async () => ({ nope: true }) }),
  tool(
    "throws_plain",
    { scope: "events:read" },
    {
      call: async () => {
        throw new Error("secret detail");
      },
    },
  ),
  ...[
    Code.NotFound,
    Code.InvalidArgument,
    Code.PermissionDenied,
    Code.Unavailable,
    Code.DeadlineExceeded,
    Code.ResourceExhausted,
    Code.Internal,
  ].map(failing),
];

const kCov = newKey("cov");
const kPlain = newKey("plain");
let gw: LiveGateway;
let peers: { file: string; remove(): void };
beforeAll(async () => {
  peers = writePeersFile(
    [
      { id: "p-cov", keys: [kCov], coverage: true, inHubRoster: false },
      { id: "p-plain", keys: [kPlain] },
    ],
    ["p-cov"],
  );
  gw = await startLiveGateway({ env: { PEERS_FILE: peers.file }, tools: TOOLS });
});
afterAll(async () => {
  await gw?.close();
  peers?.remove();
});

const call = (name: string, headers: Record<string, string>, args: unknown = {}) =>
  gw.rpc("tools/call", { name, arguments: args }, headers);
const apiKey = async (scopes: string[]) => ({ "x-api-key": await gw.key(scopes) });

describe("scope grants", () => {
  it("serve a scope tool to its scope, to viewer:read, and to any peer key; refuse other scopes naming the one required", async () => {
    for (const headers of [await apiKey(["sessions:read"]), await apiKey(["viewer:read"]), { "x-api-key": kPlain }]) {
      expect((await call("sessions_tool", headers)).body.result.structuredContent.who).toBeTruthy();
    }
    const res = await call("sessions_tool", await apiKey(["mailbox:read", "reports:read"]));
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBe(true);
    expect(res.body.result.content[0].text).toBe(
      "sessions_tool failed: missing scope: sessions:read. [auth: missing_scope] It needs the scope sessions:read. This credential may not use it; calling again will not help.",
    );
    expect(res.body.result.error).toEqual({
      code: -32001,
      message: "missing scope: sessions:read",
      data: {
        category: "auth",
        transient: false,
        code: "missing_scope",
        required: "sessions:read",
        granted: ["mailbox:read", "reports:read"],
      },
    });
  });

  it("let tools/list through with any tool scope, showing only the tools it may call, and refuse a key holding REST scopes only", async () => {
    const names = async (headers: Record<string, string>) =>
      (await gw.rpc("tools/list", {}, headers)).body.result.tools.map((t: { name: string }) => t.name);
    expect(await names(await apiKey(["mailbox:read"]))).toEqual(["rows_list"]);
    expect(await names(await apiKey(["sessions:read"]))).toEqual(["sessions_tool", "workspace_tool"]);
    expect(await names(await apiKey(["viewer:read"]))).toEqual(TOOLS.map((t) => t.name));
    expect(await names({ authorization: `Bearer ${kPlain}` })).toEqual(
      TOOLS.filter((t) => !t.withheldFromPeers && !("party" in t.grant)).map((t) => t.name),
    );
    expect(await names({ authorization: `Bearer ${kCov}` })).toEqual(
      TOOLS.filter((t) => !t.withheldFromPeers).map((t) => t.name),
    );
    const refused = await gw.rpc("tools/list", {}, await apiKey(["reports:read", "factcards:read"]));
    expect(refused.body.error).toMatchObject({ code: -32001, data: { category: "auth", required: "viewer:read" } });
  });
});

describe("party grants and tools withheld from peers", () => {
  it("serve the coverage tool only to peer parties with coverage: true (even outside the hub roster)", async () => {
    expect((await call("coverage_tool", { authorization: `Bearer ${kCov}` })).body.result.structuredContent.who).toBe(
      "peer",
    );
    const plain = await call("coverage_tool", { authorization: `Bearer ${kPlain}` });
    expect(plain.body.result.error).toMatchObject({
      code: -32001,
      data: { category: "auth", code: "party_not_granted" },
    });
    const viewer = await call("coverage_tool", await apiKey(["viewer:read"]));
    expect(viewer.body.result.error).toMatchObject({ data: { category: "auth", code: "party_not_granted" } });
  });

  it("never serve a withheld tool to a peer key, whatever the party, while institute keys get it", async () => {
    for (const key of [kCov, kPlain]) {
      const res = await call("workspace_tool", { "x-api-key": key });
      expect(res.body.result.error).toMatchObject({
        code: -32001,
        data: { category: "auth", code: "withheld_from_peers", transient: false },
      });
    }
    expect((await call("workspace_tool", await apiKey(["viewer:read"]))).body.result.structuredContent.who).toBe(
      "api_key",
    );
  });
});

describe("bounds", () => {
  it("applies the default limit, accepts the maximum, and refuses one more as a validation error naming limit", async () => {
    const key = await apiKey(["mailbox:read"]);
    expect((await call("rows_list", key)).body.result.structuredContent.limit).toBe(5);
    expect((await call("rows_list", key, { limit: 20 })).body.result.structuredContent.limit).toBe(20);
    for (const limit of [21, 0, 2.5, "7"]) {
      const res = await call("rows_list", key, { limit });
      expect(res.body.result.error).toMatchObject({
        code: -32602,
        data: { category: "validation", argument: "limit", transient: false },
      });
    }
  });
});

describe("tool failures (spec §7.2)", () => {
  const toolOwn: Array<[string, number, string, boolean]> = [
    ["fails_notfound", -32002, "permanent", false],
    ["fails_invalidargument", -32602, "validation", false],
    ["fails_permissiondenied", -32001, "auth", false],
    ["fails_unavailable", -32003, "transient", true],
    ["fails_deadlineexceeded", -32003, "transient", true],
    ["fails_resourceexhausted", -32003, "transient", true],
  ];
  it.each(toolOwn)(
    "%s is a result with isError and §7.2's error in a 200: code %i, category %s, transient %s",
    async (name, code, category, transient) => {
      const res = await call(name, await apiKey(["viewer:read"]));
      expect(res.status).toBe(200);
      expect(res.body.error).toBeUndefined();
      expect(res.body.result).toMatchObject({
        isError: true,
        content: [{ type: "text", text: expect.stringContaining(`${name} failed: `) }],
        error: { code, data: { category, transient } },
      });
      expect(JSON.stringify(res.body)).not.toContain("secret detail");
    },
  );
  const internal = ["fails_internal", "throws_plain", "bad_output"];
  it.each(internal)("%s is an internal fault: a JSON-RPC error -32603 in a 200, described to nobody", async (name) => {
    const res = await call(name, await apiKey(["viewer:read"]));
    expect(res.status).toBe(200);
    expect(res.body.result).toBeUndefined();
    expect(res.body.error).toMatchObject({ code: -32603, data: { category: "permanent", transient: false } });
    expect(JSON.stringify(res.body)).not.toContain("secret detail");
  });
});
