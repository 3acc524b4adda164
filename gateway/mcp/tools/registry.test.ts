/**
 * Invariants of the tool registry (spec §4.3, DESIGN §6): the registry is the single source of tools/list, the
 * contract and the OpenAPI document, so what it declares must hold for every tool.
 */
import { describe, expect, it } from "vitest";
import { TOOL_SCOPES } from "../../../lib/scopes.js";
import { registryProblems } from "../registry-check.js";
import { boundReport } from "./bounded.js";
import { TOOLS } from "./index.js";

const props = (schema: { properties: Readonly<Record<string, unknown>> }) => schema.properties as Record<string, Record<string, unknown>>;

/** What each REST route (spec §4.1) is served by on the tool endpoint. */
const REST_EQUIVALENTS: Record<string, string> = {
  "GET /api/v1/analysts": "analysts_list",
  "GET /api/v1/analysts/{analystId}": "analysts_get",
  "GET /api/v1/whiteboard/threads": "whiteboard_list_threads",
  "GET /api/v1/whiteboard/threads/{boardId}": "whiteboard_get_thread",
  "GET /api/v1/whiteboard/cards/{cardId}/report": "whiteboard_card_report",
  "GET /api/v1/whiteboard/topic-pool": "whiteboard_topic_pool",
  "GET /api/v1/whiteboard/similarity-log": "whiteboard_similarity_log",
  "GET /api/v1/reports/fleet-health/latest": "reports_fleet_health",
  "GET /api/v1/reports/daily/{date}": "reports_daily",
  "GET /api/v1/reports/weekly/{date}": "reports_weekly_index",
  "GET /api/v1/reports/weekly/{date}/{analystId}": "reports_weekly_author",
  "GET /api/v1/latest": "reports_latest",
  "GET /api/v1/portfolios/leaderboard": "portfolios_leaderboard",
  "GET /api/v1/portfolios/{portfolioId}/metrics": "portfolios_metrics",
  "GET /api/v1/portfolios/{portfolioId}/series": "portfolios_series",
  "GET /api/v1/portfolios/{portfolioId}/tear-sheet": "portfolios_tear_sheet",
  "POST /api/v1/search": "search_artifacts",
  "GET /api/v1/factcards": "factcards_list",
  "GET /api/v1/factcards/{factCardId}": "factcards_get",
  "GET /api/v1/factcards/{factCardId}/similar": "factcards_similar",
  "GET /api/v1/data/{date}/topics": "data_list_topics",
  "GET /api/v1/data/{date}/{topic}": "data_get_topic",
};

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
    for (const [route, name] of Object.entries(REST_EQUIVALENTS)) expect(names.has(name), `${route} → ${name}`).toBe(true);
    for (const name of ["research_queue_pulse", "coverage_artifacts", "chain_facts_page", "whiteboard_list_boards", "mailbox_list_threads", "sessions_workspace_read", "institute_memory_md", "search_artifacts"]) {
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
    expect(TOOLS.filter((t) => t.withheldFromPeers).map((t) => t.name).sort()).toEqual(["institute_memory_md", "sessions_workspace_read"]);
  });

  it("declares a bound on every tool that takes limit, matching the limit's schema, and reports it", () => {
    for (const t of TOOLS) {
      const limit = props(t.inputSchema).limit;
      expect(Boolean(limit), `${t.name}: limit iff bound`).toBe(Boolean(t.bound));
      if (!t.bound || !limit) continue;
      expect(limit, t.name).toMatchObject({ type: "integer", minimum: 1, maximum: t.bound.max, default: t.bound.default });
      expect(t.bound.default).toBeLessThanOrEqual(t.bound.max);
      expect(props(t.outputSchema).bound, t.name).toEqual(boundReport);
      expect(t.outputSchema.required, t.name).toContain("bound");
    }
    expect(TOOLS.filter((t) => t.bound).length).toBeGreaterThanOrEqual(20);
  });

  it("pages chain_facts_page, whiteboard_list_boards and mailbox_list_threads by keyset: cursor in, next_cursor out", () => {
    const keyset = TOOLS.filter((t) => t.pager === "keyset");
    expect(keyset.map((t) => t.name)).toEqual(expect.arrayContaining(["chain_facts_page", "whiteboard_list_boards", "mailbox_list_threads"]));
    for (const t of keyset) {
      expect(props(t.inputSchema).cursor, t.name).toMatchObject({ type: "string", minLength: 1 });
      expect(props(t.outputSchema).next_cursor, t.name).toMatchObject({ type: ["string", "null"] });
      expect(t.bound, t.name).toBeDefined();
    }
    for (const t of TOOLS.filter((x) => x.pager === "none")) expect(props(t.inputSchema).cursor, t.name).toBeUndefined();
  });

  it("takes only declared arguments, each with a type", () => {
    for (const t of TOOLS) {
      expect(t.inputSchema.additionalProperties, t.name).toBe(false);
      for (const [arg, schema] of Object.entries(props(t.inputSchema))) {
        expect(schema.type ?? schema.enum ?? schema.const, `${t.name}.${arg}`).toBeDefined();
        expect(typeof schema.description, `${t.name}.${arg} describes itself`).toBe("string");
      }
      for (const required of (t.inputSchema.required ?? []) as string[]) expect(props(t.inputSchema)[required], `${t.name} requires ${required}`).toBeDefined();
    }
  });

  it("describes its answer exactly: an object whose every member is always present, nothing else", () => {
    for (const t of TOOLS) {
      expect(t.outputSchema.type, t.name).toBe("object");
      expect(t.outputSchema.additionalProperties, t.name).toBe(false);
      expect([...(t.outputSchema.required ?? [])].sort(), t.name).toEqual(Object.keys(t.outputSchema.properties).sort());
    }
  });
});
