/**
 * The resource templates agree with the tool registry: each names a tool that exists, its variables are that tool's
 * arguments (the required ones in the path), every variable completes, and a template without a reader of its own
 * names a tool that reads its document whole. The prompts name tools that exist.
 */
import { describe, expect, it } from "vitest";
import { PROMPTS } from "../prompts/index.js";
import { TOOLS } from "../tools/index.js";
import { RESOURCE_TEMPLATES } from "./templates.js";

const tool = (name: string) => TOOLS.find((t) => t.name === name);

describe("resource templates", () => {
  it.for(RESOURCE_TEMPLATES.map((t) => [t.name, t] as const))("%s agrees with its tool", ([, template]) => {
    const backing = tool(template.tool);
    expect(backing, template.tool).toBeDefined();
    const { variables, queryVariables } = template.compiled;
    for (const v of variables) expect(Object.keys(backing!.inputSchema.properties), v).toContain(v);
    const pathVariables = variables.filter((v) => !queryVariables.includes(v));
    expect([...(backing!.inputSchema.required ?? [])].sort()).toEqual([...pathVariables].sort());
    expect(Object.keys(template.complete).sort()).toEqual([...variables].sort());
    const ownReader = Object.prototype.hasOwnProperty.call(template, "read") && template.read.name !== "documentOf";
    if (!ownReader) expect(backing!.readDocument, template.tool).toBeTypeOf("function");
    expect(template.uriTemplate.startsWith("institute://")).toBe(true);
  });

  it("have unique names and URI templates", () => {
    expect(new Set(RESOURCE_TEMPLATES.map((t) => t.name)).size).toBe(RESOURCE_TEMPLATES.length);
    expect(new Set(RESOURCE_TEMPLATES.map((t) => t.uriTemplate)).size).toBe(RESOURCE_TEMPLATES.length);
  });
});

describe("prompts", () => {
  it("name tools of the registry, and describe when to use them", () => {
    for (const p of PROMPTS) {
      for (const name of p.tools) expect(tool(name), `${p.name}: ${name}`).toBeDefined();
      expect(p.description).toMatch(/^Use /);
      expect(new Set(p.arguments.map((a) => a.name)).size).toBe(p.arguments.length);
    }
  });
});
