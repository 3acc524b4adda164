/**
 * The only public surface. On every request, in this order: edge filter, authentication (before routing),
 * scope, validation, then the route, which calls a service through a Connect client.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "../lib/config.js";
import type { ApiKeyResolver } from "./auth/api-keys.js";
import { authenticate } from "./auth/authenticate.js";
import type { ServiceClients } from "./clients.js";
import { edgeFilter } from "./edge-filter.js";
import { errorHandler } from "./errors.js";
import { registerMethodAwareNotFound } from "./not-found.js";
import { restRoutes } from "./rest/index.js";

export interface GatewayDeps {
  config: Config;
  clients: ServiceClients;
  apiKeys: ApiKeyResolver;
  searchEnabled?: () => boolean;
  logger?: FastifyServerOptions["logger"];
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
  app.addHook("onRequest", authenticate(deps.apiKeys));
  app.setErrorHandler(errorHandler);
  registerMethodAwareNotFound(app);
  await app.register(restRoutes, {
    prefix: "/api/v1",
    config: deps.config,
    clients: deps.clients,
    facts: { searchEnabled: deps.searchEnabled ?? (() => false) },
  });
  return app;
}
