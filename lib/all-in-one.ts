/**
 * The all-in-one process: every service mounted in the gateway's process and called through the in-process
 * Connect router transport. Same code path as the cluster; only the transport differs.
 */
import { createRouterTransport } from "@connectrpc/connect";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { createApiKeyResolver } from "../gateway/auth/api-keys.js";
import { buildGateway } from "../gateway/app.js";
import { createServiceClients } from "../gateway/clients.js";
import type { ServiceDeps } from "../services/deps.js";
import { allServiceRoutes } from "../services/routes.js";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import { createPostgresObjectStore } from "./object-store/object-store.js";

export interface AllInOneOptions {
  config: Config;
  db: Pick<Database, "reader">;
  now?: () => number;
  logger?: FastifyServerOptions["logger"];
}

export async function buildAllInOne(options: AllInOneOptions): Promise<FastifyInstance> {
  const deps: ServiceDeps = {
    db: options.db.reader,
    objects: createPostgresObjectStore(options.db.reader),
    config: options.config,
    now: options.now ?? Date.now,
  };
  const transport = createRouterTransport(allServiceRoutes(deps));
  const clients = createServiceClients({ catalog: transport, reports: transport, portfolio: transport });
  return buildGateway({
    config: options.config,
    clients,
    apiKeys: createApiKeyResolver(options.db.reader, { cacheSeconds: options.config.keyCacheSeconds }),
    logger: options.logger,
  });
}
