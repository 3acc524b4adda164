/**
 * The only public surface. On every request, in this order: edge filter, browser access (Origin, Host, CORS on the
 * tool endpoint), authentication (before routing), scope, validation, then the route, which calls a service
 * through a Connect client.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "../lib/config.js";
import type { ApiKeyResolver } from "./auth/api-keys.js";
import { authenticate } from "./auth/authenticate.js";
import { createOAuthResolver } from "./auth/oauth-tokens.js";
import { createPeerKeyResolver } from "./auth/peer-keys.js";
import { ambiguousDigests } from "./auth/peers-file.js";
import { resourceMetadataRoutes } from "./auth/resource-metadata.js";
import type { ServiceClients } from "./clients.js";
import { edgeFilter } from "./edge-filter.js";
import { errorHandler } from "./errors.js";
import { registerMethodAwareNotFound } from "./not-found.js";
import { relayCallbackRoutes, type RelayCallbackOptions } from "./relay/callback-route.js";
import { restRoutes } from "./rest/index.js";
import { collectRestRoutes } from "./contract/route-catalog.js";
import { contractRoutes } from "./contract/routes.js";
import { browserAccess } from "./mcp/browser-access.js";
import { assertRegistry } from "./mcp/registry-check.js";
import { mcpRoutes } from "./mcp/routes.js";
import type { ToolDefinition } from "./mcp/tool.js";
import { TOOLS } from "./mcp/tools/index.js";

export interface GatewayDeps {
  config: Config;
  clients: ServiceClients;
  apiKeys: ApiKeyResolver;
  searchEnabled?: () => boolean;
  logger?: FastifyServerOptions["logger"];
  /** The relay callback receiver (POST /relay/callback); its inbox is the gateway's one owner-side write. */
  relayCallbacks?: RelayCallbackOptions;
  /** The tool registry; default the real one (tests pass their own definitions). */
  tools?: ToolDefinition[];
}

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
    // Query strings are parsed strictly; values outside the documented sets are 400s, never clamped.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
  });
  app.decorateRequest("principal", null);
  app.addHook("onRequest", edgeFilter);
  const tools = deps.tools ?? TOOLS;
  assertRegistry(tools);
  const { auth } = deps.config;
  for (const { parties } of ambiguousDigests(auth.peers)) {
    app.log.warn({ parties }, "a peer key digest is listed for two parties: it is refused as ambiguous_key");
  }
  const oauth = auth.identityUrl
    ? createOAuthResolver({ identityUrl: auth.identityUrl, defaultScopes: auth.oauthDefaultScopes, cacheSeconds: auth.oauthCacheSeconds })
    : undefined;
  app.addHook("onRequest", browserAccess(deps.config));
  app.addHook("onRequest", authenticate({ apiKeys: deps.apiKeys, peers: createPeerKeyResolver(auth.peers), oauth }, deps.config));
  app.setErrorHandler(errorHandler);
  registerMethodAwareNotFound(app);
  const restRouteList = collectRestRoutes(app);
  resourceMetadataRoutes(app, { config: deps.config });
  await app.register(mcpRoutes, { tools, clients: deps.clients, projectName: deps.config.project.name });
  await app.register(contractRoutes, { config: deps.config, routes: restRouteList, tools });
  if (deps.relayCallbacks) await app.register(relayCallbackRoutes, deps.relayCallbacks);
  await app.register(restRoutes, {
    prefix: "/api/v1",
    config: deps.config,
    clients: deps.clients,
    facts: { searchEnabled: deps.searchEnabled ?? (() => false) },
  });
  return app;
}
