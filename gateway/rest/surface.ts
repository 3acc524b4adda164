/**
 * The REST surface as an encapsulated plugin (registered at REST_PREFIX): the shared checks it is handed, refusals
 * rendered as ErrorResponses with the ApiKey challenge, its own not-found handler (an unknown path under /api/v1 is
 * refused as REST refuses), the read cache, then the routes.
 */
import type { FastifyInstance } from "fastify";
import { renderRestRefusal, restChallengeEvery401 } from "../auth/rest-challenge.js";
import type { Gate, GateChain } from "../http/framework-refusals.js";
import { answerUnrouted, type RouteTable } from "../http/not-found.js";
import { refusalErrorHandler } from "../http/refusal.js";
import { restReadCache } from "./read-cache-hooks.js";
import { restRoutes } from "./index.js";
import type { RestOptions } from "./options.js";

/** What a REST request meets before its route, in order, and how its refusals are answered. */
export function restChain(sharedChecks: readonly Gate[]): GateChain {
  return { gates: sharedChecks, errorHandler: refusalErrorHandler(renderRestRefusal) };
}

export interface RestSurfaceOptions extends RestOptions {
  chain: GateChain;
  /** Installs the counting of this surface's requests (gateway/usage/, handed by app.ts); absent, none is counted. */
  countUsage?: (surface: FastifyInstance) => void;
  routeTable: RouteTable;
}

export async function restSurface(app: FastifyInstance, opts: RestSurfaceOptions) {
  opts.countUsage?.(app);
  for (const gate of opts.chain.gates) app.addHook("onRequest", gate);
  app.setErrorHandler(opts.chain.errorHandler);
  restChallengeEvery401(app);
  app.setNotFoundHandler(answerUnrouted(opts.routeTable));
  // After the JSON validators (installed on the root): the answer is kept as their onSend hooks leave it.
  if (opts.readCache) restReadCache(app, opts.readCache);
  await restRoutes(app, opts);
}
