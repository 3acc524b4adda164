/**
 * Invariants of the tool registry (spec §4.3, DESIGN §6): the registry is the single source of tools/list, the
 * contract and the OpenAPI document, so what it declares must hold for every tool.
 */
import { describe, expect, it } from "vitest";
import { TOOL_SCOPES } from "../../../lib/scopes.js";
import { REST_TOOL_EQUIVALENTS } from "../../operations/index.js";
import { registryProblems } from "../registry-check.js";
import { boundReport } from "./bounded.js";
import { TOOLS } from "./index.js";

const props = (schema: { properties: Readonly<Record<string, unknown>> }) =>
  schema.properties as Record<string, Record<string, unknown>>;

describe("the tool registry", () => {
  it("holds at least 49 tools with unique snake_case names, titles and descriptions", () => {
    expect(TOOLS.length).toBeGreaterThanOrEqual(49);
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const t of TOOLS) {
      expect(t.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/);
      expect(t.title.length, t.name).toBeGreaterThan(0);
      expect(t.description.length, t.name).toBeGreaterThan(20);
    }
  });

  it("passes the endpoint's own start-up check", () => {
    expect(registryProblems(TOOLS)).toEqual([]);
  });

  it("covers every REST route, and names every tool the spec names", () => {
    const names = new Set(TOOLS.map((t) => t.name));
    for (const { route, tool } of REST_TOOL_EQUIVALENTS) expect(names.has(tool), `${route} → ${tool}`).toBe(true);
    for (const name of [
      "research_queue_pulse",
      "coverage_artifacts",
      "chain_facts_page",
      "whiteboard_list_boards",
      "mailbox_list_threads",
      "sessions_workspace_read",
      "institute_memory_md",
      "search_artifacts",
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(TOOLS.filter((t) => t.name.startsWith("chain_")).length).toBeGreaterThanOrEqual(4);
  });

  it("grants each tool by one tool-surface scope, except coverage_artifacts, granted by party", () => {
    for (const t of TOOLS) {
      if ("party" in t.grant) expect(t.name).toBe("coverage_artifacts");
      else expect(TOOL_SCOPES as readonly string[], t.name).toContain(t.grant.scope);
    }
    expect(TOOLS.filter((t) => "party" in t.grant).map((t) => t.name)).toEqual(["coverage_artifacts"]);
  });

  it("withholds exactly sessions_workspace_read and institute_memory_md from peers", () => {
    expect(
      TOOLS.filter((t) => t.withheldFromPeers)
        .map((t) => t.name)
        .sort(),
    ).toEqual(["institute_memory_md", "sessions_workspace_read"]);
  });

  it("declares a bound on every tool that takes limit, matching the limit's schema, and reports it", () => {
    for (const t of TOOLS) {
      const limit = props(t.inputSchema).limit;
      expect(Boolean(limit), `${t.name}: limit iff bound`).toBe(Boolean(t.bound));
      if (!t.bound || !limit) continue;
      expect(limit, t.name).toMatchObject({
        type: "integer",
        minimum: 1,
        maximum: t.bound.max,
        default: t.bound.default,
      });
      expect(t.bound.default).toBeLessThanOrEqual(t.bound.max);
      expect(props(t.outputSchema).bound, t.name).toEqual(boundReport);
      expect(t.outputSchema.required, t.name).toContain("bound");
    }
    expect(TOOLS.filter((t) => t.bound).length).toBeGreaterThanOrEqual(20);
  });

  it("pages chain_facts_page, whiteboard_list_boards and mailbox_list_threads by keyset: cursor in, next_cursor out", () => {
    const keyset = TOOLS.filter((t) => t.pager === "keyset");
    expect(keyset.map((t) => t.name)).toEqual(
      expect.arrayContaining(["chain_facts_page", "whiteboard_list_boards", "mailbox_list_threads"]),
    );
    for (const t of keyset) {
      expect(props(t.inputSchema).cursor, t.name).toMatchObject({ type: "string", minLength: 1 });
      expect(props(t.outputSchema).next_cursor, t.name).toMatchObject({ type: ["string", "null"] });
      expect(t.bound, t.name).toBeDefined();
    }
    for (const t of TOOLS.filter((x) => x.pager === "none"))
      expect(props(t.inputSchema).cursor, t.name).toBeUndefined();
  });

  it("takes only declared arguments, each with a type", () => {
    for (const t of TOOLS) {
      expect(t.inputSchema.additionalProperties, t.name).toBe(false);
      for (const [arg, schema] of Object.entries(props(t.inputSchema))) {
        const typed = (s: any) => s.type ?? s.enum ?? s.const;
        const branches = (schema.anyOf as any[] | undefined) ?? [schema];
        expect(branches.every(typed), `${t.name}.${arg}`).toBe(true);
        expect(typeof schema.description, `${t.name}.${arg} describes itself`).toBe("string");
      }
      for (const required of (t.inputSchema.required ?? []) as string[])
        expect(props(t.inputSchema)[required], `${t.name} requires ${required}`).toBeDefined();
    }
  });

  it("has input schemas every host accepts: no type arrays, and every object schema says what it holds", () => {
    const warnings: string[] = [];
    const walk = (tool: string, schema: unknown, at: string): void => {
      if (typeof schema !== "object" || schema === null) return;
      if (Array.isArray(schema)) return schema.forEach((s, i) => walk(tool, s, `${at}/${i}`));
      const s = schema as Record<string, unknown>;
      if (Array.isArray(s.type)) warnings.push(`${tool}${at}: type array ${JSON.stringify(s.type)}`);
      if (s.type === "object" && !("properties" in s) && !("additionalProperties" in s))
        warnings.push(`${tool}${at}: object schema without properties`);
      for (const [key, value] of Object.entries(s)) walk(tool, value, `${at}/${key}`);
    };
    for (const t of TOOLS) walk(t.name, t.inputSchema, "");
    expect(warnings).toEqual([]);
  });

  it("describes its answer exactly: an object whose every member is always present, nothing else", () => {
    for (const t of TOOLS) {
      expect(t.outputSchema.type, t.name).toBe("object");
      expect(t.outputSchema.additionalProperties, t.name).toBe(false);
      expect([...(t.outputSchema.required ?? [])].sort(), t.name).toEqual(
        Object.keys(t.outputSchema.properties).sort(),
      );
    }
  });
});
