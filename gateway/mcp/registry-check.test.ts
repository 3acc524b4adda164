import { describe, expect, it } from "vitest";
import { registryProblems } from "./registry-check.js";
import type { ToolDefinition } from "./tool.js";
import { TOOLS } from "./tools/index.js";

const base: ToolDefinition = {
  name: "t",
  title: "T",
  description: "d",
  grant: { scope: "viewer:read" },
  toolset: "operations",
  inputSchema: { type: "object", properties: {} },
  outputSchema: { type: "object", properties: {} },
  pager: "none",
  call: async () => ({}),
};

describe("the tool registry check", () => {
  it("finds the real registry consistent", () => {
    expect(registryProblems(TOOLS)).toEqual([]);
  });

  it("refuses silent truncation, mismatched bounds, duplicate names and keyset tools without a cursor", () => {
    const limit = { type: "integer", minimum: 1, maximum: 10, default: 5 };
    expect(registryProblems([{ ...base, inputSchema: { type: "object", properties: { limit } } }])).toEqual([
      "tool t: takes limit but declares no bound (it would truncate silently)",
    ]);
    expect(
      registryProblems([
        {
          ...base,
          inputSchema: { type: "object", properties: { limit } },
          outputSchema: { type: "object", properties: { bound: {} } },
          bound: { default: 5, max: 20 },
        },
      ]),
    ).toEqual(["tool t: limit schema (maximum 10, default 5) differs from its bound (20, 5)"]);
    expect(registryProblems([base, base])).toEqual(["tool t: listed twice"]);
    expect(registryProblems([{ ...base, pager: "keyset" }])).toEqual([
      "tool t: keyset tool takes no cursor",
      "tool t: keyset tool returns no next_cursor",
    ]);
    expect(registryProblems([{ ...base, name: "bad name" }])[0]).toMatch(/name must be/);
  });
});
