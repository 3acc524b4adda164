/**
 * What links the two surfaces is derived from the operations: every route the REST surface registers under /api/v1
 * is an operation's (and so has its tool) or says why it has none, every operation's route is registered once, and
 * every operation's tool is in the registry, projected from that operation. A REST route added without a tool, or a
 * tool naming a route that is not served, fails here.
 */
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config/config.js";
import type { ServiceClients } from "../upstream/clients.js";
import { REST_PREFIX } from "../http/public-url.js";
import { TOOLS } from "../mcp/tools/index.js";
import { restRoutes } from "../rest/index.js";
import { OPERATIONS, REST_TOOL_EQUIVALENTS } from "./index.js";

interface Registered {
  route: string;
  restOnly?: string;
}

/** The REST surface as the gateway registers it (the same plugin and prefix), without serving anything. */
async function registeredRoutes(): Promise<Registered[]> {
  const app = Fastify();
  const routes: Registered[] = [];
  app.addHook("onRoute", (r) => {
    for (const method of ([] as string[]).concat(r.method).filter((m) => m !== "HEAD")) {
      routes.push({ route: `${method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`, restOnly: r.config?.restOnly });
    }
  });
  await app.register(restRoutes, {
    prefix: REST_PREFIX,
    config: loadConfig({}),
    clients: {} as ServiceClients,
    facts: { searchEnabled: () => false },
  });
  await app.ready();
  await app.close();
  return routes;
}

describe("the REST and tool surfaces", () => {
  it("serve every registered REST route as an operation with its tool, unless the route says why it has none", async () => {
    const routes = await registeredRoutes();
    const served = new Set(REST_TOOL_EQUIVALENTS.map((e) => e.route));
    const withoutTool = routes.filter((r) => !served.has(r.route) && !r.restOnly).map((r) => r.route);
    expect(withoutTool, "REST routes with neither an operation nor a restOnly reason").toEqual([]);
    for (const r of routes.filter((x) => x.restOnly))
      expect(served.has(r.route), `${r.route} is an operation and restOnly`).toBe(false);
    expect(
      routes
        .filter((r) => r.restOnly)
        .map((r) => r.route)
        .sort(),
    ).toEqual([
      "GET /api/v1/changes",
      "GET /api/v1/feeds/daily/feed.atom",
      "GET /api/v1/feeds/daily/feed.json",
      "GET /api/v1/feeds/weekly/{analystId}/feed.atom",
      "GET /api/v1/feeds/weekly/{analystId}/feed.json",
      "GET /api/v1/meta",
      "GET /api/v1/portfolios/leaderboard/chart.svg",
      "GET /api/v1/portfolios/{portfolioId}/chart.svg",
    ]);
  });

  it("register every operation's route exactly once", async () => {
    const routes = (await registeredRoutes()).map((r) => r.route);
    for (const { route } of REST_TOOL_EQUIVALENTS)
      expect(
        routes.filter((r) => r === route),
        route,
      ).toHaveLength(1);
  });

  it("list every operation's tool in the registry, projected from that operation, and no other tool names a route", () => {
    const byName = new Map(TOOLS.map((t) => [t.name, t]));
    for (const { route, tool } of REST_TOOL_EQUIVALENTS)
      expect(byName.get(tool)?.rest, `${tool} serves ${route}`).toBe(route);
    expect(
      TOOLS.filter((t) => t.rest)
        .map((t) => t.name)
        .sort(),
    ).toEqual(REST_TOOL_EQUIVALENTS.map((e) => e.tool).sort());
  });

  it("define each operation once: one route, one tool, a REST scope", () => {
    expect(new Set(OPERATIONS.map((op) => op.tool)).size).toBe(OPERATIONS.length);
    expect(new Set(REST_TOOL_EQUIVALENTS.map((e) => e.route)).size).toBe(OPERATIONS.length);
    expect(OPERATIONS.length).toBe(22);
  });
});
