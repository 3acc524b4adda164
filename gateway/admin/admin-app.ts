/**
 * The admin listener: a fastify instance of its own, on its own port (ADMIN_PORT, loopback by default), serving the
 * operator's key routes behind the operator token and nothing else. It shares no route, hook or credential with the
 * public gateway, so the public surface answers /api/v1/admin/* like any unknown path (401, or 404 with a credential).
 * Off unless ADMIN_TOKEN_SHA256 is set. Built by `npm start` (scripts/start.ts) and by a gateway process.
 */
import { requestLogging } from "../../lib/observability/request-logging.js";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "../../lib/config/config.js";
import type { Pool } from "../../lib/db/pool.js";
import { KeyAdminError } from "../auth/key-admin.js";
import { errorHandler, sendError } from "../errors.js";
import { registerMethodAwareNotFound } from "../not-found.js";
import { adminKeyRoutes } from "./key-routes.js";
import { operatorToken } from "./operator-token.js";

export interface AdminAppOptions {
  config: Config;
  /** The owner pool: the key routes write auth.api_keys. */
  owner: Pool;
  logger?: FastifyServerOptions["logger"];
  now?: () => number;
}

const STATUS_OF_KIND = { invalid: 400, not_found: 404, conflict: 409 } as const;

function adminErrors(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof KeyAdminError) return sendError(reply, STATUS_OF_KIND[error.kind], error.message);
  return errorHandler(error as FastifyError, request, reply);
}

/** Refuses an operator token whose digest is also a peer key's or an institute key's: no such key may open this door. */
async function assertDistinctToken(options: AdminAppOptions, digest: string) {
  if (options.config.auth.peers.digests.has(digest))
    throw new Error(
      "configuration: ADMIN_TOKEN_SHA256 is a peer key's digest (PEERS_FILE): choose another operator token",
    );
  const { rowCount } = await options.owner.query("SELECT 1 FROM auth.api_keys WHERE key_sha256 = $1", [digest]);
  if (rowCount)
    throw new Error("configuration: ADMIN_TOKEN_SHA256 is an institute key's digest: choose another operator token");
}

export async function buildAdminApp(options: AdminAppOptions): Promise<FastifyInstance> {
  const admin = options.config.access.admin;
  if (!admin) throw new Error("the admin listener needs ADMIN_TOKEN_SHA256");
  await assertDistinctToken(options, admin.tokenSha256);
  const app = Fastify({
    logger: options.logger ?? false,
    ...requestLogging(),
    bodyLimit: 16 * 1024,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  app.addHook("onRequest", operatorToken(admin.tokenSha256));
  // Answers may carry a key: never cached anywhere.
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "no-store"));
  app.setErrorHandler(adminErrors);
  registerMethodAwareNotFound(app);
  await app.register(adminKeyRoutes, { owner: options.owner, now: options.now ?? Date.now });
  return app;
}

/** Builds and starts the admin listener when configured; undefined when ADMIN_TOKEN_SHA256 is unset. */
export async function startAdminListener(
  options: AdminAppOptions,
): Promise<{ app: FastifyInstance; url: string } | undefined> {
  const admin = options.config.access.admin;
  if (!admin) return undefined;
  const app = await buildAdminApp(options);
  await app.listen({ port: admin.port, host: admin.host });
  const { port } = app.server.address() as { port: number };
  const host = admin.host.includes(":") ? `[${admin.host}]` : admin.host;
  return { app, url: `http://${host}:${port}` };
}
