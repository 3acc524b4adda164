/**
 * Toolsets over a real socket: the X-MCP-Toolsets header and the toolsets query parameter narrow tools/list (their
 * union when both are given), an unknown toolset is a 400 naming it and the valid ones, and a credential sees only
 * the tools it may call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { TOOLSET_NAMES } from "../../gateway/mcp/toolsets.js";
import { startLiveGateway, type LiveGateway } from "./harness.js";

let gw: LiveGateway;
let viewer: Record<string, string>;
beforeAll(async () => {
  gw = await startLiveGateway();
  viewer = { "x-api-key": await gw.key(["viewer:read"]) };
}, 120_000);
afterAll(async () => gw?.close());

const names = (body: any) => body.result.tools.map((t: { name: string }) => t.name);
const inToolsets = (...sets: string[]) => TOOLS.filter((t) => sets.includes(t.toolset)).map((t) => t.name);

async function listWithQuery(query: string, headers: Record<string, string>) {
  const res = await fetch(`${gw.url}?${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: {} }),
  });
  return { status: res.status, body: await res.json() };
}

describe("toolsets", () => {
  it("narrows tools/list to the toolsets named in the header, in registry order", async () => {
    const { status, body } = await gw.rpc("tools/list", {}, { ...viewer, "x-mcp-toolsets": "reports, portfolios" });
    expect(status).toBe(200);
    expect(names(body)).toEqual(inToolsets("reports", "portfolios"));
    expect(names(body)).toContain("reports_daily");
  });

  it("narrows tools/list by the query parameter, and takes the union of header and query", async () => {
    expect(names((await listWithQuery("toolsets=catalog", viewer)).body)).toEqual(inToolsets("catalog"));
    expect(names((await listWithQuery("toolsets=catalog", { ...viewer, "x-mcp-toolsets": "events" })).body)).toEqual(
      inToolsets("catalog", "events"),
    );
  });

  it("refuses an unknown toolset with 400, naming it and every valid toolset", async () => {
    const { status, body } = await gw.rpc("tools/list", {}, { ...viewer, "x-mcp-toolsets": "reports,bogus" });
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: -32600,
      message: `Bad Request: unknown toolset bogus (valid: ${TOOLSET_NAMES.join(", ")})`,
      data: {
        category: "validation",
        transient: false,
        code: "unknown_toolset",
        unknown: ["bogus"],
        valid: TOOLSET_NAMES,
      },
    });
    expect((await listWithQuery("toolsets=nope", viewer)).status).toBe(400);
  });

  it("lists everything without a selection, and only the tools a narrower key may call", async () => {
    expect(names((await gw.rpc("tools/list", {}, viewer)).body)).toEqual(TOOLS.map((t) => t.name));
    const analysts = { "x-api-key": await gw.key(["analysts:read"]) };
    expect(names((await gw.rpc("tools/list", {}, analysts)).body)).toEqual(["analysts_list", "analysts_get"]);
    expect(names((await gw.rpc("tools/list", {}, { ...analysts, "x-mcp-toolsets": "reports" })).body)).toEqual([]);
  });
});

describe("toolset refusals stay small", () => {
  it("names at most ten unknown toolsets, each cut at 64 characters", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `${String(i).padStart(2, "0")}-${"x".repeat(100)}`);
    const { status, body } = await gw.rpc("tools/list", {}, { ...viewer, "x-mcp-toolsets": names.join(",") });
    expect(status).toBe(400);
    expect(body.error.data.unknown).toEqual(names.slice(0, 10).map((n) => `${n.slice(0, 64)}…`));
  });
});
