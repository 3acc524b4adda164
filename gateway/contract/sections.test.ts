/**
 * The contract composes the sections the surfaces hand it (sections.ts): none of its own files reaches into the tool
 * endpoint's or the REST routes' code, so a surface changes what it declares in its own contract-section.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const HERE = import.meta.dirname;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

function importsOfContract(): Array<[string, string]> {
  return readdirSync(HERE)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .flatMap((file) =>
      [...readFileSync(path.join(HERE, file), "utf8").matchAll(SPECIFIER)].map(
        (m) => [file, path.relative(path.dirname(HERE), path.join(HERE, m[1]!))] as [string, string],
      ),
    );
}

describe("gateway/contract", () => {
  const imports = importsOfContract();

  it("finds the imports it checks (the scan itself works)", () => {
    expect(imports).toContainEqual(["contract-document.ts", "contract/sections.js"]);
  });

  it("imports nothing from mcp/ or rest/: each surface hands its section through contractRoutes' options", () => {
    expect(imports.filter(([, target]) => /^(mcp|rest)\//.test(target))).toEqual([]);
  });
});
