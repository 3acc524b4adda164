/**
 * The all-in-one process: every service mounted in the gateway's process and called through the in-process
 * Connect router transport. Same code path as the cluster; only the transport differs.
 */
import { createClient, createRouterTransport, type ConnectRouter } from "@connectrpc/connect";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { createApiKeyResolver } from "../gateway/auth/api-keys.js";
import { buildGateway } from "../gateway/app.js";
import type { RelayCallbackOptions } from "../gateway/relay/callback-route.js";
import { GovernorService } from "../gen/institute/governor/v1/governor_pb.js";
import { createServiceClients } from "../gateway/clients.js";
import type { ToolDefinition } from "../gateway/mcp/tool.js";
import type { ServiceDeps } from "../services/deps.js";
import { allServiceRoutes } from "../services/routes.js";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import { createPostgresObjectStore } from "./object-store/object-store.js";
import { VectorRuntime } from "./vector/vector-runtime.js";

export interface AllInOneOptions {
  config: Config;
  db: Pick<Database, "reader">;
  now?: () => number;
  logger?: FastifyServerOptions["logger"];
  /** POST /relay/callback and its durable inbox (the governor's); absent, the route is not mounted. */
  relayCallbacks?: RelayCallbackOptions;
  /** GovernorService (the queue pulse) when a governor runs in this process: research_queue_pulse reads it. */
  governorRoutes?: (router: ConnectRouter) => void;
  /** The tool registry; default the real one (tests pass their own definitions). */
  tools?: ToolDefinition[];
}

export async function buildAllInOne(options: AllInOneOptions): Promise<FastifyInstance> {
  const deps: ServiceDeps = {
    db: options.db.reader,
    objects: createPostgresObjectStore(options.db.reader),
    config: options.config,
    now: options.now ?? Date.now,
    vectors: new VectorRuntime({ db: options.db.reader, config: options.config.search }),
  };
  const transport = createRouterTransport(allServiceRoutes(deps));
  const clients = createServiceClients({ catalog: transport, reports: transport, portfolio: transport, search: transport, factcard: transport,
    workspace: transport, whiteboardPages: transport, chain: transport, coverage: transport });
  if (options.governorRoutes) Object.assign(clients, { governor: createClient(GovernorService, createRouterTransport(options.governorRoutes)) });
  const vectors = deps.vectors!;
  const app = await buildGateway({
    searchEnabled: () => vectors.searchReady(),
    config: options.config,
    clients,
    apiKeys: createApiKeyResolver(options.db.reader, { cacheSeconds: options.config.keyCacheSeconds }),
    logger: options.logger,
    relayCallbacks: options.relayCallbacks,
    tools: options.tools,
  });
  // The indexes load before the first request; their reasons for not being ready go to the gateway's log.
  vectors.log = { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) };
  app.addHook("onClose", () => vectors.stop());
  await vectors.start();
  return app;
}
