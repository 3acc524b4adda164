/**
 * The only public surface, in three encapsulated plugins: the REST API (rest/surface.ts, under /api/v1), the tool
 * endpoint (mcp/surface.ts, at /api/mcp) and the rest of the site (site/surface.ts: discovery documents, the reference
 * page, the relay callback, unknown paths). On every request, in this order: the root's gates (draining, edge
 * filter, Host), the surface's own (browser access on the tool endpoint, any-origin reads of the discovery
 * documents), the shared checks each surface is handed (authentication with its credential policy, rate limit,
 * scope), validation, the read cache (REST), then the route, which calls a service through a Connect client. The
 * shared checks throw a neutral refusal (http/refusal.ts); each surface renders it its own way.
 */
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { fastifyTrustProxy } from "../lib/config/access.js";
import type { Config } from "../lib/config/config.js";
import { requestIdOf } from "../lib/observability/logger.js";
import { instrumentHttp, type Metrics } from "../lib/observability/metrics.js";
import { installRequestContext } from "../lib/observability/request-context.js";
import { requestLogging } from "../lib/observability/request-logging.js";
import type { ApiKeyResolver } from "./auth/api-keys.js";
import { sharedChecks } from "./checks/shared-checks.js";
import { boundRestInputs } from "./contract/input-bounds.js";
import type { ServiceClients } from "./upstream/clients.js";
import { edgeFilter } from "./http/edge-filter.js";
import { errorHandler } from "./http/errors.js";
import { refuseNonFiniteNumbers } from "./http/finite-numbers.js";
import { jsonValidators } from "./rest/json-validators.js";
import {
  clientErrorHandler,
  drainingGate,
  frameworkErrors,
  MAX_PARAM_LENGTH,
  requireHost,
  type Gate,
  type GateChain,
} from "./http/framework-refusals.js";
import { mirrorRoutes } from "./http/not-found.js";
import type { RelayCallbackOptions } from "./relay/callback-route.js";
import type { ChangeSource } from "./changes/change-source.js";
import { collectRestRoutes } from "./contract/route-catalog.js";
import { restContractSection } from "./rest/contract-section.js";
import { toolEndpointContractSection } from "./mcp/contract-section.js";
import { requestRateSection } from "./rate-limit/contract-section.js";
import { assertRegistry } from "./mcp/registry-check.js";
import { mcpChain, mcpSurface } from "./mcp/surface.js";
import type { RateLimiter } from "./rate-limit/limiter.js";
import type { ToolDefinition } from "./mcp/tool.js";
import { TOOLS } from "./mcp/tools/index.js";
import { recordingClients } from "./read-cache/call-recorder.js";
import { gatewayInfrastructure, type Opener, type ReadCacheSettings } from "./infrastructure/infrastructure-plugin.js";
import { toolCallCache } from "./mcp/tool-call-cache.js";
import { restChain, restSurface } from "./rest/surface.js";
import { siteChain, siteSurface } from "./site/surface.js";
import type { UsageRecorder } from "../lib/usage/usage-recorder.js";
import type { UsageSurface } from "../lib/usage/tallies.js";
import { countUsage } from "./usage/count-usage.js";
import type { CursorSignerSource } from "../lib/cursor/cursor-key.js";
import { decodedPath, MCP_PATH, REST_PREFIX } from "./http/public-url.js";

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
  /** Opens the per-credential rate limits shared across replicas (gateway/rate-limit/); absent, none. */
  rateLimits?: Opener<RateLimiter>;
  /** Answers kept as sent, dropped when the data they came from changes; absent, every read asks the services. */
  readCache?: ReadCacheSettings;
  /** Opens the usage and readership counters (gateway/usage/), flushed on their own timer; absent, nothing is counted. */
  usage?: Opener<UsageRecorder>;
  /** The change log behind GET /api/v1/changes. */
  changes?: ChangeSource;
  /** The deployment's cursor signer (lib/cursor/cursor-key.ts): the keyset tools sign their cursors with it. */
  cursors: CursorSignerSource;
}

/**
 * fastify raises its framework errors (a path that does not decode, an overlong parameter) before routing, so no
 * surface's hooks run; the path names the surface whose checks and rendering they get.
 */
function chainOfUnroutable(chains: Record<"rest" | "mcp" | "site", GateChain>) {
  const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return (request: FastifyRequest): GateChain => {
    const path = decodedPath(request.url);
    return under(path, REST_PREFIX) ? chains.rest : under(path, MCP_PATH) ? chains.mcp : chains.site;
  };
}

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  // The gates every request passes first, in order, then its surface's chain; fastify's own refusals (bad URL,
  // overlong parameter) run them too.
  const rootGates: Gate[] = [];
  let chains: Record<"rest" | "mcp" | "site", GateChain> | undefined;
  const unroutable = (request: FastifyRequest): GateChain => {
    const chain = chainOfUnroutable(chains!)(request);
    return { gates: [...rootGates, ...chain.gates], errorHandler: chain.errorHandler };
  };
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
    frameworkErrors: frameworkErrors(unroutable),
    clientErrorHandler,
    http: { requireHostHeader: false },
    // A request arriving while the gateway closes gets drainingGate's 503 (an ErrorResponse), not fastify's own.
    return503OnClosing: false,
  });
  const gate = (hook: Gate) => (rootGates.push(hook), app.addHook("onRequest", hook));
  app.decorateRequest("principal", null);
  installRequestContext(app);
  if (deps.metrics) instrumentHttp(app, deps.metrics);
  gate(drainingGate(app));
  gate(edgeFilter);
  gate(requireHost);
  const tools = deps.tools ?? TOOLS;
  assertRegistry(tools);
  await app.register(gatewayInfrastructure, {
    readCache: deps.readCache,
    rateLimiter: deps.rateLimits,
    usage: deps.usage,
    metrics: deps.metrics,
  });
  const { readCache, rateLimiter: limiter, usage } = app;
  const checksFor = sharedChecks({ config: deps.config, apiKeys: deps.apiKeys, limiter, now: deps.now, log: app.log });
  app.setErrorHandler(errorHandler);
  app.addHook("preHandler", refuseNonFiniteNumbers);
  const routeTable = mirrorRoutes(app);
  jsonValidators(app);
  const clients = readCache ? recordingClients(deps.clients) : deps.clients;
  const counting = usage
    ? { recorder: usage, toolNames: new Set(tools.map((t) => t.name)), now: deps.now ?? Date.now }
    : undefined;
  const countingOn = (surface: UsageSurface) =>
    counting ? (instance: FastifyInstance) => countUsage(instance, counting, surface) : undefined;
  boundRestInputs(app);
  const restRouteList = collectRestRoutes(app);
  chains = {
    rest: restChain(checksFor("rest")),
    mcp: mcpChain(deps.config, checksFor("tool")),
    site: siteChain(deps.config, routeTable, checksFor("tool")),
  };
  await app.register(mcpSurface, {
    prefix: MCP_PATH,
    config: deps.config,
    chain: chains.mcp,
    countUsage: countingOn("mcp"),
    routeTable,
    endpoint: {
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
    },
  });
  await app.register(siteSurface, {
    config: deps.config,
    chain: chains.site,
    countUsage: countingOn("other"),
    routeTable,
    contract: {
      config: deps.config,
      rest: restContractSection(restRouteList),
      toolEndpoint: toolEndpointContractSection(tools),
      requestRate: limiter ? requestRateSection(limiter.config) : null,
    },
    relayCallbacks: deps.relayCallbacks,
  });
  await app.register(restSurface, {
    prefix: REST_PREFIX,
    chain: chains.rest,
    countUsage: countingOn("rest"),
    routeTable,
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
