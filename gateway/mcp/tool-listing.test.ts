/**
 * tools/list fits a context window: the viewer's full listing and each toolset's stay within their budgets, and the
 * compact form loses nothing an agent needs (titles, read-only annotations, every argument, every output member).
 */
import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal.js";
import { createToolListing, listedTool, sameAs } from "./tool-listing.js";
import { TOOLS } from "./tools/index.js";
import { TOOLSET_NAMES } from "./toolsets.js";

/**
 * Characters of compact JSON an agent's context pays for. 60,000 until answers could be cut and every host could
 * read the schemas: `fields` on 48 tools costs 4,844 characters, `format` on the 30 list tools 3,270 (their rules are
 * said once, in the instructions), and nullable members as `anyOf` rather than type arrays 3,378; the three tools
 * whose result an interactive view draws add 175 by naming it (`_meta.ui.resourceUri`, gateway/mcp/apps).
 */
const FULL_BUDGET = 72_200;
const TOOLSET_BUDGET = 15_000;

const viewer: Principal = { kind: "oauth", subject: "viewer", scopes: new Set(["viewer:read"]) };
const listing = createToolListing(TOOLS);
const size = (value: unknown) => JSON.stringify(value).length;

/** Every property path of a schema (through properties and items, and through a member that names another tool's answer). */
function memberPaths(schema: any, at = ""): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const named = TOOLS.find((t) => JSON.stringify(sameAs(t.name)) === JSON.stringify(schema));
  if (named) return memberPaths(listedTool(named, TOOLS).outputSchema, at);
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, member]) => [
    `${at}.${name}`,
    ...memberPaths(member, `${at}.${name}`),
  ]);
  return [...own, ...memberPaths(schema.items, `${at}[]`)];
}

describe("tools/list budgets", () => {
  it(`lists every tool to a viewer in at most ${FULL_BUDGET} characters`, () => {
    const full = listing(viewer, undefined);
    expect(full.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    console.info(`tools/list for viewer:read: ${size(full)} characters, ${full.tools.length} tools`);
    expect(size(full)).toBeLessThanOrEqual(FULL_BUDGET);
  });

  it.for(TOOLSET_NAMES)(`lists toolset %s in at most ${TOOLSET_BUDGET} characters, and it is not empty`, (name) => {
    const one = listing(viewer, new Set([name]));
    console.info(`tools/list toolset ${name}: ${size(one)} characters, ${one.tools.length} tools`);
    expect(one.tools.length).toBeGreaterThan(0);
    expect(size(one)).toBeLessThanOrEqual(TOOLSET_BUDGET);
  });

  it("puts every registry tool in exactly one toolset, so the toolsets together list the whole registry", () => {
    const union = TOOLSET_NAMES.flatMap((name) => listing(viewer, new Set([name])).tools.map((t) => t.name));
    expect([...union].sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });
});

describe("the compact form", () => {
  it("keeps title, description, read-only annotations, every argument and every output member of each tool", () => {
    for (const tool of TOOLS) {
      const listed = listedTool(tool, TOOLS);
      expect(listed).toMatchObject({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        annotations: { readOnlyHint: true, openWorldHint: false },
      });
      expect(listed.inputSchema.properties).toEqual(tool.inputSchema.properties);
      expect(listed.inputSchema.required).toEqual(tool.inputSchema.required);
      expect(memberPaths(listed.outputSchema)).toEqual(memberPaths(tool.outputSchema));
      expect(listed.outputSchema.type).toBe("object");
    }
  });

  it("keeps types, enumerations and constants of output members, and drops only what the instructions state once", () => {
    const listed = listedTool(TOOLS.find((t) => t.name === "factcards_get")!).outputSchema as any;
    expect(listed.properties.verdict).toEqual({
      anyOf: [{ type: "string" }, { type: "null" }],
      enum: ["verified", "disputed", "uncertain", "unverifiable", null],
    });
    expect(listed.properties.created_at).toEqual({ type: "integer" });
    expect(listed.required).toBeUndefined();
    expect(listed.additionalProperties).toBeUndefined();
    const bounded = listedTool(TOOLS.find((t) => t.name === "portfolios_leaderboard")!).outputSchema as any;
    expect(bounded.properties.bound).toEqual({
      properties: {
        limit: { type: "integer" },
        returned: { type: "integer" },
        has_more: { type: "boolean" },
        exact: { const: true },
      },
    });
  });

  it("names the tool whose answer a nested member repeats, within the toolset, instead of repeating its schema", () => {
    const of = (name: string) =>
      listedTool(
        TOOLS.find((t) => t.name === name)!,
        TOOLS,
      ).outputSchema as any;
    expect(of("portfolios_tear_sheet").properties.metrics).toEqual({
      type: "object",
      description: "as portfolios_metrics returns",
    });
    expect(of("portfolios_leaderboard").properties.leaderboard.items).toEqual({
      type: "object",
      description: "as portfolios_metrics returns",
    });
    expect(of("factcards_list").properties.fact_cards.items).toEqual({
      type: "object",
      description: "as factcards_get returns",
    });
    expect(of("portfolios_metrics").properties.sharpe).toEqual({ anyOf: [{ type: "number" }, { type: "null" }] });
  });
});
