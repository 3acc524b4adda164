/**
 * The only public surface. On every request, in this order: edge filter, browser access (Origin, Host, CORS on the
 * tool endpoint), authentication (before routing), rate limit, scope, validation, the read cache (read-cache/), then
 * the route, which calls a service through a Connect client.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { fastifyTrustProxy } from "../lib/config/access.js";
import type { Config } from "../lib/config/config.js";
import { requestIdOf } from "../lib/observability/logger.js";
import { instrumentHttp, type Metrics } from "../lib/observability/metrics.js";
import { installRequestContext } from "../lib/observability/request-context.js";
import { requestLogging } from "../lib/observability/request-logging.js";
import type { ApiKeyResolver } from "./auth/api-keys.js";
import { authenticate, requireScope } from "./auth/authenticate.js";
import { challengeEvery401 } from "./auth/rest-challenge.js";
import { boundRestInputs } from "./contract/input-bounds.js";
import { createOAuthResolver } from "./auth/oauth-tokens.js";
import { createPeerKeyResolver } from "./auth/peer-keys.js";
import { ambiguousDigests } from "../lib/config/peers-file.js";
import { resourceMetadataRoutes } from "./auth/resource-metadata.js";
import type { ServiceClients } from "./clients.js";
import { edgeFilter } from "./edge-filter.js";
import { errorHandler } from "./errors.js";
import { refuseNonFiniteNumbers } from "./finite-numbers.js";
import { jsonValidators } from "./json-validators.js";
import {
  clientErrorHandler,
  drainingGate,
  frameworkErrors,
  MAX_PARAM_LENGTH,
  requireHost,
  type Gate,
} from "./http-refusals.js";
import { registerMethodAwareNotFound } from "./not-found.js";
import { relayCallbackRoutes, type RelayCallbackOptions } from "./relay/callback-route.js";
import { restRoutes } from "./rest/index.js";
import type { ChangeSource } from "./changes/change-source.js";
import { collectRestRoutes } from "./contract/route-catalog.js";
import { contractRoutes } from "./contract/routes.js";
import { restContractSection } from "./rest/contract-section.js";
import { toolEndpointContractSection } from "./mcp/contract-section.js";
import { requestRateSection } from "./rate-limit/contract-section.js";
import { referenceRoutes } from "./docs/reference-routes.js";
import { browserAccess } from "./mcp/browser-access.js";
import { assertRegistry } from "./mcp/registry-check.js";
import { createFailureThrottle } from "./auth/failure-throttle.js";
import { mcpRoutes } from "./mcp/routes.js";
import type { RateLimiter } from "./rate-limit/limiter.js";
import { rateLimitHook } from "./rate-limit/rate-limit-hook.js";
import type { ToolDefinition } from "./mcp/tool.js";
import { TOOLS } from "./mcp/tools/index.js";
import { recordingClients } from "./read-cache/call-recorder.js";
import { observeReadCache } from "./read-cache/cache-metrics.js";
import type { GatewayReadCache } from "./read-cache/open-read-cache.js";
import { restReadCache } from "./read-cache/rest-read-cache.js";
import { toolCallCache } from "./read-cache/tool-call-cache.js";
import type { UsageRecorder } from "../lib/usage/usage-recorder.js";
import type { CursorSignerSource } from "../lib/cursor/cursor-key.js";
import { usageHook } from "./usage/usage-hook.js";
import { REST_PREFIX } from "./public-url.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The read cache (READ_CACHE_BYTES), null when off: its store and settle(), for tests and in-process writers. */
    readCache: GatewayReadCache | null;
  }
}

export interface GatewayDeps {
  config: Config;
  clients: ServiceClients;
  apiKeys: ApiKeyResolver;
  /** What /api/v1/meta reports as search_enabled (SearchService's health: app/compose/gateway-composition.ts). */
  searchEnabled?: () => boolean | Promise<boolean>;
  /** HTTP request counts and latency by route and status (served on the internal listener). */
  metrics?: Metrics;
  logger?: FastifyServerOptions["logger"];
  /** The relay callback receiver (POST /relay/callback); its inbox is the gateway's one owner-side write. */
  relayCallbacks?: RelayCallbackOptions;
  /** The tool registry; default the real one (tests pass their own definitions). */
  tools?: ToolDefinition[];
  /** Epoch milliseconds: what "today" is for the tool endpoint's resource list and prompts, and the clock of the
   * failed-authentication throttle (tests fix it). */
  now?: () => number;
  /** Per-credential rate limits shared across replicas (gateway/rate-limit/); absent, none. Closed with the gateway. */
  rateLimits?: RateLimiter;
  /** Answers kept as sent, dropped when the data they came from changes; absent, every read asks the services. The gateway closes it. */
  readCache?: GatewayReadCache;
  /** Usage and readership counters (gateway/usage/), flushed on their own timer; absent, nothing is counted. The gateway closes it. */
  usage?: UsageRecorder;
  /** The change log behind GET /api/v1/changes. */
  changes?: ChangeSource;
  /** The deployment's cursor signer (lib/cursor/cursor-key.ts): the keyset tools sign their cursors with it. */
  cursors: CursorSignerSource;
}

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  // The gates every request passes first, in order; fastify's own refusals (bad URL, overlong parameter) run them too.
  const gates: Gate[] = [];
  const app = Fastify({
    logger: deps.logger ?? false,
    ...requestLogging(),
    bodyLimit: 1024 * 1024,
    // The caller's X-Request-Id when it is a plain token (else a fresh UUID); carried into every service call.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Which proxies may name the client address (X-Forwarded-For): the anonymous rate limit partition.
    trustProxy: fastifyTrustProxy(deps.config.access.trustProxy),
    // Query strings are parsed strictly; values outside the documented sets are 400s, never clamped.
    // int32 and int64 are OpenAPI's integer formats (input-bounds.ts): the range beside each is what is checked.
    ajv: {
      customOptions: {
        coerceTypes: true,
        removeAdditional: false,
        allErrors: false,
        formats: { int32: { type: "number", validate: () => true }, int64: { type: "number", validate: () => true } },
      },
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrors(() => gates),
    clientErrorHandler,
    http: { requireHostHeader: false },
    // A request arriving while the gateway closes gets drainingGate's 503 (an ErrorResponse), not fastify's own.
    return503OnClosing: false,
  });
  const gate = (hook: Gate) => (gates.push(hook), app.addHook("onRequest", hook));
  app.decorateRequest("principal", null);
  installRequestContext(app);
  if (deps.metrics) instrumentHttp(app, deps.metrics);
  gate(drainingGate(app));
  gate(edgeFilter);
  gate(requireHost);
  const tools = deps.tools ?? TOOLS;
  assertRegistry(tools);
  const { auth } = deps.config;
  for (const { parties } of ambiguousDigests(auth.peers)) {
    app.log.warn({ parties }, "a peer key digest is listed for two parties: it is refused as ambiguous_key");
  }
  const oauth = auth.identityUrl
    ? createOAuthResolver({
        identityUrl: auth.identityUrl,
        defaultScopes: auth.oauthDefaultScopes,
        cacheSeconds: auth.oauthCacheSeconds,
      })
    : undefined;
  gate(browserAccess(deps.config));
  const failures = createFailureThrottle(deps.config.access.authFailures, deps.now);
  gate(authenticate({ apiKeys: deps.apiKeys, peers: createPeerKeyResolver(auth.peers), oauth }, deps.config, failures));
  const limiter = deps.rateLimits;
  if (limiter) {
    gate(rateLimitHook(limiter));
    app.addHook("onClose", async () => limiter.close());
  }
  gate(requireScope);
  challengeEvery401(app, deps.config);
  app.setErrorHandler(errorHandler);
  app.addHook("preHandler", refuseNonFiniteNumbers);
  registerMethodAwareNotFound(app);
  jsonValidators(app);
  const readCache = deps.readCache ?? null;
  app.decorate("readCache", readCache);
  const clients = readCache ? recordingClients(deps.clients) : deps.clients;
  if (readCache) {
    restReadCache(app, readCache.store);
    if (deps.metrics) observeReadCache(deps.metrics.registry, readCache.store);
    app.addHook("onClose", async () => readCache.close());
  }
  const usage = deps.usage;
  if (usage) {
    usageHook(app, { recorder: usage, toolNames: new Set(tools.map((t) => t.name)), now: deps.now });
    app.addHook("onClose", async () => usage.close());
  }
  boundRestInputs(app);
  const restRouteList = collectRestRoutes(app);
  resourceMetadataRoutes(app, { config: deps.config });
  await app.register(mcpRoutes, {
    tools,
    clients,
    cursors: deps.cursors,
    projectName: deps.config.project.name,
    now: deps.now,
    wrapCall: readCache ? toolCallCache(readCache.store, app.log) : undefined,
    changesHeard: readCache ? () => readCache.store.live : undefined,
    changes: readCache ?? undefined,
    changeFeed: deps.changes
      ? { source: deps.changes, settle: readCache ? () => readCache.settle() : undefined }
      : undefined,
  });
  await app.register(contractRoutes, {
    config: deps.config,
    rest: restContractSection(restRouteList),
    toolEndpoint: toolEndpointContractSection(tools),
    requestRate: limiter ? requestRateSection(limiter.config) : null,
  });
  await app.register(referenceRoutes, { title: deps.config.project.name });
  if (deps.relayCallbacks) await app.register(relayCallbackRoutes, deps.relayCallbacks);
  await app.register(restRoutes, {
    prefix: REST_PREFIX,
    config: deps.config,
    clients,
    facts: { searchEnabled: deps.searchEnabled ?? (() => false) },
    now: deps.now,
    readCache: readCache?.store ?? null,
    changes: deps.changes,
    settleReadCache: readCache ? () => readCache.settle() : undefined,
  });
  return app;
}
