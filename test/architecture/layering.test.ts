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
