/**
 * The MCP Inspector's own schema portability check, run as a host would: its CLI lists the tools of a live gateway
 * with `--strict` and reports every finding on stderr (path, issue, suggested fix). None may be reported, for input
 * schemas or output schemas. gateway/mcp/schema-portability.test.ts holds the same rules in process.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { startLiveGateway, type LiveGateway } from "./harness.js";

const run = promisify(execFile);
const inspectorCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json")),
  "clients/launcher/build/index.js",
);

let gw: LiveGateway;
let key: string;
beforeAll(async () => {
  gw = await startLiveGateway();
  key = await gw.key(["viewer:read"]);
});
afterAll(() => gw?.close());

describe("the Inspector's --strict check of tools/list", () => {
  it.for(["legacy", "modern"])("reports no finding for any tool, and lists them all (%s era)", async (era) => {
    const args = ["--cli", gw.url, "--transport", "http", "--header", `X-API-Key: ${key}`, "--protocol-era", era];
    const { stdout, stderr } = await run(
      process.execPath,
      [inspectorCli, ...args, "--method", "tools/list", "--strict"],
      {
        timeout: 60_000,
      },
    );
    expect(stderr).toBe("");
    expect(JSON.parse(stdout).tools.map((t: { name: string }) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });
});
