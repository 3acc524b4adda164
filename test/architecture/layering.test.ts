/**
 * The layering the tree promises (README, Layout): each top-level folder imports only from the folders below it.
 * proto's generated code (gen) → lib → services → gateway, governor → admin, bundle → app → scripts; the demo dataset and
 * the relay simulator sit beside them with their own narrow needs. Tests may also use the test helpers, the demo
 * dataset and the relay simulator; product code never imports test/ or bench/.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

const MAY_IMPORT: Record<string, readonly string[]> = {
  gen: [],
  lib: ["gen"],
  services: ["gen", "lib"],
  gateway: ["gen", "lib", "services"],
  governor: ["gen", "lib", "services"],
  "relay-simulator": ["lib"],
  "demo-data": ["gen", "lib"],
  bundle: ["gen", "lib", "services", "gateway", "demo-data"],
  admin: ["gen", "lib", "services", "gateway", "governor"],
  app: ["gen", "lib", "services", "gateway", "governor", "admin", "relay-simulator", "demo-data", "bundle"],
  scripts: ["gen", "lib", "services", "gateway", "governor", "admin", "relay-simulator", "demo-data", "bundle", "app"],
};
const TESTS_MAY_ALSO_IMPORT = ["test", "demo-data", "relay-simulator"];

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

function sourceFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => f !== "" && !f.startsWith("node_modules/"));
}

/**
 * The gateway's rooms in tiers: product code in a room imports only its own room and rooms of lower tiers, so no
 * import runs back up and the two surfaces (rest/, mcp/) never import each other. app.ts, the gateway's one entry,
 * assembles them. A test may reach any room to build what it checks.
 */
const GATEWAY_TIERS: readonly (readonly string[])[] = [
  // Pieces with no gateway dependency: the JSON Schemas, the service clients, answer shaping, renderers, the change log.
  ["schemas", "upstream", "answer-shape", "charts", "feeds", "changes"],
  // What every request meets (edge, refusals, 404/405, errors), and the operations both surfaces project.
  ["http", "operations"],
  // Credentials and scopes, the relay callback, the read cache's store and listener.
  ["auth", "relay", "read-cache"],
  ["rate-limit"],
  // The contract, which composes the sections the surfaces hand it and imports neither; the checks every surface
  // shares (authentication, rate limit, scope), assembled once.
  ["contract", "checks"],
  // The two surfaces, peers.
  ["rest", "mcp"],
  // What reads the surfaces: usage counting, the reference page and tool catalogue, the infrastructure plugin.
  ["usage", "docs", "infrastructure"],
  // The rest of the site, which serves the contract and the reference page.
  ["site"],
  ["app.ts"],
];

/**
 * Imports that run up a tier today, each with its reason; an allowance that no import uses any more fails the test,
 * so the list only shrinks.
 */
const GATEWAY_ALLOWANCES: ReadonlyArray<{ from: string; to: string; why: string }> = [
  {
    from: "gateway/auth/tool-access.ts",
    to: "gateway/mcp/tool.ts",
    why: "the ToolDefinition type a tool grant reads; it moves into mcp/ with the tool registry's own changes",
  },
];

/** Every relative import between two of the gateway's rooms in product code, as [importer, imported file]. */
function gatewayImports(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const file of sourceFiles()) {
    if (!file.startsWith("gateway/") || file.endsWith(".test.ts")) continue;
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)).replace(/\.js$/, ".ts");
      if (target.startsWith("gateway/") && roomOf(target) !== roomOf(file)) out.push([file, target]);
    }
  }
  return out;
}

/** gateway/<room>/… → room; the files at gateway/'s root are their own rooms (app.ts). */
const roomOf = (file: string) => file.split("/")[1]!;

const tierOf = (room: string) => GATEWAY_TIERS.findIndex((tier) => tier.includes(room));

const topFolder = (file: string) => (file.includes("/") ? file.slice(0, file.indexOf("/")) : ".");

/** Every relative import of the tree that crosses a top-level folder, as [importer, imported file]. */
function crossings(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!));
      if (topFolder(target) !== topFolder(file)) out.push([file, target]);
    }
  }
  return out;
}

describe("layering", () => {
  const all = crossings();

  it("finds the imports it checks (the scan itself works)", () => {
    expect(all.some(([from, to]) => from.startsWith("gateway/") && to.startsWith("lib/"))).toBe(true);
    expect(all.some(([from, to]) => from.startsWith("app/") && to.startsWith("governor/"))).toBe(true);
  });

  it("every folder imports only from the folders below it", () => {
    const wrong = all.filter(([from, to]) => {
      const allowed = MAY_IMPORT[topFolder(from)];
      if (allowed === undefined) return false; // test/, bench/ and the root's config files may use anything
      const isTest = from.endsWith(".test.ts");
      const target = topFolder(to);
      return !(allowed.includes(target) || (isTest && TESTS_MAY_ALSO_IMPORT.includes(target)));
    });
    expect(wrong.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("lib, the leaf every folder may use, imports no service, gateway, governor or composition code", () => {
    const upward = all.filter(
      ([from, to]) => from.startsWith("lib/") && /^(services|gateway|governor|app|scripts)\//.test(to),
    );
    expect(upward).toEqual([]);
  });

  it("no product module imports a test helper", () => {
    const helpers = all.filter(
      ([from, to]) => !from.endsWith(".test.ts") && MAY_IMPORT[topFolder(from)] && /^(test|bench)\//.test(to),
    );
    expect(helpers).toEqual([]);
  });
});

describe("the gateway's rooms", () => {
  const imports = gatewayImports();

  it("finds the imports it checks, and places every room in a tier", () => {
    expect(imports.some(([from, to]) => from.startsWith("gateway/rest/") && to.startsWith("gateway/operations/"))).toBe(
      true,
    );
    const rooms = new Set(
      sourceFiles()
        .filter((f) => f.startsWith("gateway/") && !f.endsWith(".test.ts"))
        .map(roomOf),
    );
    expect([...rooms].filter((room) => tierOf(room) < 0)).toEqual([]);
  });

  const allowed = (from: string, to: string) => GATEWAY_ALLOWANCES.some((a) => a.from === from && a.to === to);

  it("every room imports only rooms of lower tiers", () => {
    const upward = imports.filter(([from, to]) => tierOf(roomOf(to)) >= tierOf(roomOf(from)) && !allowed(from, to));
    expect(upward.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("lists only allowances some import still uses", () => {
    const unused = GATEWAY_ALLOWANCES.filter((a) => !imports.some(([from, to]) => from === a.from && to === a.to));
    expect(unused).toEqual([]);
  });

  it("nothing under http/ or auth/ imports a surface, and neither surface imports the other", () => {
    const wrong = imports.filter(
      ([from, to]) =>
        (/^gateway\/(http|auth)\//.test(from) && /^gateway\/(rest|mcp)\//.test(to) && !allowed(from, to)) ||
        (from.startsWith("gateway/rest/") && to.startsWith("gateway/mcp/")) ||
        (from.startsWith("gateway/mcp/") && to.startsWith("gateway/rest/")),
    );
    expect(wrong.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });
});
