/** docs/tool-catalogue.md's toolset, resource and prompt tables are what the registries render (npm run docs). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withAgentSurfaceTables } from "./tool-catalogue-tables.js";

describe("docs/tool-catalogue.md", () => {
  it("holds the tables rendered from the registries: run npm run docs when this fails", () => {
    const doc = readFileSync(new URL("../../docs/tool-catalogue.md", import.meta.url), "utf8");
    expect(doc).toBe(withAgentSurfaceTables(doc));
  });
});
