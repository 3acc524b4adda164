/**
 * Everything on the public port outside the two API surfaces, as an encapsulated plugin: the discovery documents
 * (readable from any origin), the API reference page, the relay callback receiver, and every unknown path. Any valid
 * credential of spec §5.2 counts here, and a refusal carries the Bearer challenge that starts OAuth discovery.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { bearerChallengeEvery401, bearerRefusals } from "../auth/challenge.js";
import { resourceMetadataRoutes } from "../auth/resource-metadata.js";
import type { ContractSections } from "../contract/sections.js";
import { contractRoutes } from "../contract/routes.js";
import { referenceRoutes } from "../docs/reference-routes.js";
import type { Gate, GateChain } from "../http/framework-refusals.js";
import { answerUnrouted, type RouteTable } from "../http/not-found.js";
import { refusalErrorHandler } from "../http/refusal.js";
import { relayCallbackRoutes, type RelayCallbackOptions } from "../relay/callback-route.js";
import { anyOriginDocuments, readableFromAnyOrigin } from "./any-origin.js";

/** What a request here meets before its route, in order, and how its refusals are answered. */
export function siteChain(config: Config, routeTable: RouteTable, sharedChecks: readonly Gate[]): GateChain {
  return {
    gates: [anyOriginDocuments(routeTable), ...sharedChecks],
    errorHandler: refusalErrorHandler(bearerRefusals(config)),
  };
}

export interface SiteOptions {
  config: Config;
  chain: GateChain;
  /** Installs the counting of this surface's requests (gateway/usage/, handed by app.ts); absent, none is counted. */
  countUsage?: (surface: FastifyInstance) => void;
  routeTable: RouteTable;
  contract: ContractSections;
  relayCallbacks?: RelayCallbackOptions;
}

async function discoveryDocuments(app: FastifyInstance, opts: SiteOptions) {
  readableFromAnyOrigin(app);
  resourceMetadataRoutes(app, { config: opts.config });
  await app.register(contractRoutes, opts.contract);
}

export async function siteSurface(app: FastifyInstance, opts: SiteOptions) {
  opts.countUsage?.(app);
  for (const gate of opts.chain.gates) app.addHook("onRequest", gate);
  app.setErrorHandler(opts.chain.errorHandler);
  bearerChallengeEvery401(app, opts.config);
  app.setNotFoundHandler(answerUnrouted(opts.routeTable));
  await app.register(discoveryDocuments, opts);
  await app.register(referenceRoutes, { title: opts.config.project.name });
  if (opts.relayCallbacks) await app.register(relayCallbackRoutes, opts.relayCallbacks);
}
