/** GET /api/contract and GET /api/openapi.json over real HTTP: public, derived from the routes and the registry. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { FIELDS_RULE, fieldsQuery, FORMAT_RULE, formatArgument } from "../answer-shape/parameters.js";
import type { ToolDefinition } from "../mcp/tool.js";
import { TOOLS } from "../mcp/tools/index.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { startLiveGateway, type LiveGateway } from "../../test/mcp/harness.js";

const extra: ToolDefinition[] = [
  {
    name: "rows_page",
    title: "Rows",
    description: "a keyset tool",
    toolset: "operations",
    grant: { scope: "mailbox:read" },
    inputSchema: {
      type: "object",
      properties: { limit: { type: "integer", minimum: 1, maximum: 50, default: 10 }, cursor: { type: "string" } },
    },
    outputSchema: {
      type: "object",
      properties: { bound: { type: "object" }, next_cursor: { type: ["string", "null"] } },
    },
    bound: { default: 10, max: 50 },
    pager: "keyset",
    call: async () => ({ bound: {}, next_cursor: null }),
  },
  { ...TOOLS[0]!, name: "coverage_like", grant: { party: "coverage" } },
  { ...TOOLS[0]!, name: "workspace_like", grant: { scope: "sessions:read" }, withheldFromPeers: true },
];

let gw: LiveGateway;
let contract: any;
beforeAll(async () => {
  gw = await startLiveGateway({ tools: [...TOOLS, ...extra], env: { AUTH_URL: "http://127.0.0.1:1/hub" } });
  const res = await fetch(`${gw.base}/api/contract`);
  expect(res.status).toBe(200);
  contract = await res.json();
});
afterAll(() => gw?.close());

describe("GET /api/contract", () => {
  it("is public, version 2, revision 9 or later, with the changelog of spec §9.3", () => {
    expect(contract.version).toBe(2);
    expect(contract.revision).toBeGreaterThanOrEqual(9);
    const text = JSON.stringify(contract.changelog);
    for (const words of [
      "provenance",
      "callback receiver",
      "coordination participant",
      "edge reserve",
      "not honoured",
      "derived from the tool registry",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("states fields from its one definition: the rule, both forms, and which tools cut the rows of a list", () => {
    expect(contract.tools.fields).toMatchObject({
      rule: FIELDS_RULE,
      tool_argument: { type: "array", items: { type: "string" } },
      rest_query: { name: "fields", schema: fieldsQuery },
    });
    expect(contract.tools.fields.lists).toMatchObject({
      analysts_list: "analysts",
      whiteboard_similarity_log: "entries",
      factcards_list: "fact_cards",
      changes_since: "changes",
    });
    expect(contract.tools.fields.details).toContain("whiteboard_get_thread");
    expect(contract.tools.fields.details).not.toContain("reports_daily");
    expect(contract.tools.fields.format).toEqual({ rule: FORMAT_RULE, tool_argument: formatArgument });
    const listTools = [...TOOLS, ...extra].filter((t) => "format" in t.inputSchema.properties).map((t) => t.name);
    expect(Object.keys(contract.tools.fields.lists)).toEqual(listTools);
  });

  it("counts the tools exactly as tools/list shows them", async () => {
    const list = await gw.rpc("tools/list", {}, { "x-api-key": await gw.key(["viewer:read"]) });
    const names = list.body.result.tools.map((t: { name: string }) => t.name);
    expect(contract.tools.total).toBe(names.length);
    expect(contract.tools.names).toEqual(names);
    const all = [...TOOLS, ...extra];
    const bounded = all.filter((t) => "limit" in t.inputSchema.properties).length;
    expect(contract.tools.bounded).toMatchObject({ total: bounded, declaring_bound: bounded, silently_truncating: 0 });
    expect(contract.tools.keyset).toEqual(all.filter((t) => t.pager === "keyset").map((t) => t.name));
    expect(contract.tools.keyset).toContain("rows_page");
    expect(contract.tools.party_granted).toContainEqual({ tool: "coverage_like", party: "coverage" });
    expect(contract.tools.party_granted).toHaveLength(all.filter((t) => "party" in t.grant).length);
    expect(contract.tools.withheld_from_peers).toEqual(all.filter((t) => t.withheldFromPeers).map((t) => t.name));
    expect(contract.tools.withheld_from_peers).toContain("workspace_like");
  });

  it("lists the resource templates, prompts, toolsets and methods exactly as the endpoint serves them", async () => {
    const viewer = { "x-api-key": await gw.key(["viewer:read"]) };
    const templates = (await gw.rpc("resources/templates/list", {}, viewer)).body.result.resourceTemplates;
    expect(contract.resources.templates.map((t: { uri_template: string }) => t.uri_template)).toEqual(
      templates.map((t: { uriTemplate: string }) => t.uriTemplate),
    );
    expect(templates).toHaveLength(7);
    const listed = (await gw.rpc("resources/list", {}, viewer)).body.result.resources as Array<{ uri: string }>;
    expect(contract.resources.views.served.map((v: { uri: string }) => v.uri)).toEqual(
      listed.filter((r) => r.uri.startsWith("ui://")).map((r) => r.uri),
    );
    expect(contract.resources.templates[0]).toMatchObject({
      name: "daily-report",
      tool: "reports_daily",
      variables: ["date", "lang"],
    });
    const prompts = (await gw.rpc("prompts/list", {}, viewer)).body.result.prompts;
    expect(contract.prompts.map((p: { name: string }) => p.name)).toEqual(prompts.map((p: { name: string }) => p.name));
    expect(contract.prompts.map((p: { name: string }) => p.name)).toEqual([
      "morning_brief",
      "review_portfolio",
      "verify_claim",
      "thread_digest",
    ]);
    expect(contract.prompts[1].arguments_schema).toMatchObject({ type: "object", required: ["portfolio_id"] });
    const sets = contract.tools.toolsets.sets as Array<{ name: string; tools: string[] }>;
    expect(sets.map((s) => s.name)).toEqual([
      "catalog",
      "whiteboard",
      "reports",
      "portfolios",
      "search",
      "factcards",
      "sessions",
      "mailbox",
      "events",
      "chain",
      "coverage",
      "operations",
      "changes",
    ]);
    for (const set of sets) {
      const listed = await gw.rpc("tools/list", {}, { ...viewer, "x-mcp-toolsets": set.name });
      expect(
        listed.body.result.tools.map((t: { name: string }) => t.name),
        set.name,
      ).toEqual(set.tools);
    }
    expect(contract.tool_endpoint.methods).toContain("completion/complete");
    expect(contract.documents.tools).toEqual([
      "whiteboard_card_report",
      "reports_daily",
      "reports_weekly_author",
      "reports_fleet_health",
      "sessions_message_get",
      "sessions_workspace_read",
      "institute_memory_md",
    ]);
  });

  it("lists every REST route with method, path, scope and parameters, and every listed route is served", async () => {
    const all = await gw.key([...ALL_SCOPES]);
    expect(contract.rest.length).toBeGreaterThan(1);
    expect(contract.rest).toContainEqual(
      expect.objectContaining({ method: "GET", path: "/api/v1/meta", scope: null, public: true }),
    );
    const one = contract.rest.find((r: any) => r.path === "/api/v1/analysts/{analystId}");
    expect(one).toMatchObject({
      method: "GET",
      scope: "analysts:read",
      parameters: [
        { name: "analystId", in: "path", required: true },
        { name: "fields", in: "query", required: false },
      ],
    });
    for (const route of contract.rest) {
      const url = route.path.replace(/\{[^}]+\}/g, "2026-03-10");
      const res = await fetch(`${gw.base}${url}`, {
        method: route.method,
        headers: { "x-api-key": all, "content-type": "application/json" },
        body: route.method === "POST" ? "{}" : undefined,
      });
      const body = await res.text();
      expect([401, 403, 405], `${route.method} ${route.path}`).not.toContain(res.status);
      expect(body, `${route.method} ${route.path}`).not.toContain("no such route");
    }
  });

  it("states the credentials, discovery addresses, limits, submission ceilings and events", () => {
    expect(contract.auth.credentials.map((c: { kind: string }) => c.kind)).toEqual([
      "institute_api_key",
      "peer_key",
      "oauth_access_token",
    ]);
    expect(contract.auth.discovery).toMatchObject({
      protected_resource_metadata: `${gw.base}/.well-known/oauth-protected-resource`,
      authorization_server_metadata: "http://127.0.0.1:1/hub/.well-known/oauth-authorization-server",
    });
    expect(contract.auth.scopes.tools).toEqual([
      "viewer:read",
      "analysts:read",
      "whiteboard:read",
      "sessions:read",
      "mailbox:read",
      "events:read",
    ]);
    expect(contract.submission).toMatchObject({
      schedule: "*/5 * * * *",
      per_tick: { chain_tag: 4, logic_extract: 1, total: 5 },
      per_hour: 60,
      edge_reserve: { slots: 1, persisted: false },
      task_timeout_ms: 1_800_000,
      task_timeout_honoured_on_edge_path: false,
      local_hard_deadline_minutes: 25,
    });
    expect(contract.submission.edge_reserve.engages.length).toBeGreaterThanOrEqual(3);
    expect(contract.limits.rest).toContainEqual({
      route: "GET /api/v1/whiteboard/threads",
      parameter: "limit",
      minimum: 1,
      maximum: 200,
      default: 50,
    });
    expect(contract.events).toMatchObject({
      outbound: [],
      callback: {
        event_types: ["task.completed", "task.failed"],
        signature_header: "X-Relay-Signature",
        delivery_header: "X-Relay-Delivery",
      },
    });
  });
});

describe("GET /api/openapi.json", () => {
  it("is a public OpenAPI 3.1 document of the same routes, whose schemas compile", async () => {
    const res = await fetch(`${gw.base}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(contract.rest.map((r: any) => `${r.method} ${r.path}`).sort());
    expect(doc.paths["/api/v1/meta"].get.security).toEqual([]);
    expect(doc.paths["/api/v1/analysts"].get).toMatchObject({ security: [{ apiKey: [] }], "x-scope": "analysts:read" });
    // Components are referenced ($ref); compile each schema with its references resolved in the document.
    const resolve = (node: any): any => {
      if (Array.isArray(node)) return node.map(resolve);
      if (typeof node !== "object" || node === null) return node;
      if (typeof node.$ref === "string")
        return resolve(
          node.$ref
            .slice(2)
            .split("/")
            .reduce((at: any, key: string) => at[key], doc),
        );
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v)]));
    };
    const ajv = new Ajv2020({ strict: false });
    (((addFormats as unknown as { default?: unknown }).default ?? addFormats) as (a: Ajv2020) => void)(ajv);
    for (const [path, ops] of Object.entries(doc.paths) as Array<[string, Record<string, any>]>) {
      for (const op of Object.values(ops)) {
        for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
          expect(
            op.parameters.some((p: any) => p.in === "path" && `{${p.name}}` === name),
            `${path} declares ${name}`,
          ).toBe(true);
        }
        for (const r of Object.values(op.responses) as any[])
          for (const c of Object.values(resolve(r).content ?? {}) as any[]) ajv.compile(resolve(c.schema));
        for (const p of op.parameters) ajv.compile(resolve(p.schema));
      }
    }
  });
});
