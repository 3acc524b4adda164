/**
 * The admin listener: a fastify instance of its own, on its own port (ADMIN_HOST:ADMIN_PORT, loopback by default),
 * never the public one. Two encapsulated surfaces, each with its own hooks and its own way of refusing:
 *   /api/…   the admin JSON routes (keys, fleet health on demand) behind the operator token (ADMIN_TOKEN_SHA256);
 *            with no token configured they refuse every request
 *   /…       the operator's console (admin/console/): HTML pages behind a session cookie
 * It shares no route, hook or credential with the public gateway, so the public surface answers these paths like any
 * unknown path. `npm start` always opens it; a cluster's gateway only with ADMIN_TOKEN_SHA256 (no one reads its log
 * for a sign-in link there).
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "../lib/config/config.js";
import type { Pool } from "../lib/db/pool.js";
import { requestLogging } from "../lib/observability/request-logging.js";
import { KeyAdminError } from "../gateway/auth/key-admin.js";
import { errorHandler, sendError } from "../gateway/http/errors.js";
import { registerMethodAwareNotFound } from "../gateway/http/not-found.js";
import { relayFromConfig } from "../governor/fleet-health/relay-from-config.js";
import { writeFleetHealthSnapshot, type WrittenSnapshot } from "../governor/fleet-health/write-snapshot.js";
import { adminFleetHealthRoute } from "./api/fleet-health-route.js";
import { adminKeyRoutes } from "./api/key-routes.js";
import { operatorToken } from "./api/operator-token.js";
import { consolePlugin } from "./console/console-plugin.js";
import { securityHeaders } from "./console/security-headers.js";
import type { ServiceFacts } from "./console/pages/service-facts.js";

export interface AdminAppOptions {
  config: Config;
  /** The owner pool: keys, sessions, the audit log, the kill switch, snapshots. */
  owner: Pool;
  /** Writes a fleet-health snapshot now (the console's button, the admin route); default: with the relay at RELAY_URL,
   * or none (the snapshot says so). The all-in-one passes its governor's, which reaches the in-process simulator. */
  writeFleetHealth?: (request: { actor: string; address: string | null }) => Promise<WrittenSnapshot>;
  service?: ServiceFacts;
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
  if (admin.tokenSha256) await assertDistinctToken(options, admin.tokenSha256);
  const now = options.now ?? Date.now;
  const writeFleetHealth =
    options.writeFleetHealth ??
    ((request: { actor: string; address: string | null }) =>
      writeFleetHealthSnapshot({ db: options.owner, now, ...relayFromConfig(options.config.relay) }, request));
  const app = Fastify({
    logger: options.logger ?? false,
    ...requestLogging(),
    bodyLimit: 16 * 1024,
    trustProxy: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  // Every answer: the strict CSP, no framing, no referrer, never cached (answers may carry a key).
  app.addHook("onRequest", securityHeaders);

  await app.register(
    async (api) => {
      api.addHook("onRequest", operatorToken(admin.tokenSha256));
      api.setErrorHandler(adminErrors);
      registerMethodAwareNotFound(api);
      await api.register(adminKeyRoutes, { owner: options.owner, now });
      await api.register(adminFleetHealthRoute, { writeFleetHealth });
    },
    { prefix: "/api" },
  );

  await app.register(consolePlugin, {
    config: options.config,
    owner: options.owner,
    now,
    writeFleetHealth,
    service: options.service,
  });
  return app;
}

/** Builds and starts the admin listener; undefined when `always` is false and ADMIN_TOKEN_SHA256 is unset. */
export async function startAdminListener(
  options: AdminAppOptions & { always?: boolean },
): Promise<{ app: FastifyInstance; url: string } | undefined> {
  const admin = options.config.access.admin;
  if (!admin.tokenSha256 && !options.always) return undefined;
  const app = await buildAdminApp(options);
  await app.listen({ port: admin.port, host: admin.host });
  const { port } = app.server.address() as { port: number };
  const host = admin.host.includes(":") ? `[${admin.host}]` : admin.host;
  return { app, url: `http://${host}:${port}` };
}
