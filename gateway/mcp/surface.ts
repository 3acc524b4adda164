/**
 * The tool endpoint as an encapsulated plugin (registered at MCP_PATH): browser access first, then the shared checks
 * it is handed, its own refusal rendering (mcp/refusals.ts) and Bearer challenge, and its own not-found handler, so
 * another method on the endpoint (a CORS preflight, a GET answered 405) passes the same checks as a POST.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { bearerChallengeEvery401 } from "../auth/challenge.js";
import type { Gate, GateChain } from "../http/framework-refusals.js";
import { answerUnrouted, type RouteTable } from "../http/not-found.js";
import { refusalErrorHandler } from "../http/refusal.js";
import { browserAccess } from "./browser-access.js";
import { mcpRefusals } from "./refusals.js";
import { mcpRoutes, type McpOptions } from "./routes.js";

/** What a request to the endpoint meets before its route, in order, and how its refusals are answered. */
export function mcpChain(config: Config, sharedChecks: readonly Gate[]): GateChain {
  return { gates: [browserAccess(config), ...sharedChecks], errorHandler: refusalErrorHandler(mcpRefusals(config)) };
}

export interface McpSurfaceOptions {
  config: Config;
  chain: GateChain;
  /** Installs the counting of this surface's requests (gateway/usage/, handed by app.ts); absent, none is counted. */
  countUsage?: (surface: FastifyInstance) => void;
  routeTable: RouteTable;
  endpoint: McpOptions;
}

export async function mcpSurface(app: FastifyInstance, opts: McpSurfaceOptions) {
  opts.countUsage?.(app);
  for (const gate of opts.chain.gates) app.addHook("onRequest", gate);
  app.setErrorHandler(opts.chain.errorHandler);
  bearerChallengeEvery401(app, opts.config);
  app.setNotFoundHandler(answerUnrouted(opts.routeTable));
  // The endpoint's route in a plugin of its own: it reads the body itself (no content-type parser of fastify's).
  await app.register(mcpRoutes, opts.endpoint);
}
