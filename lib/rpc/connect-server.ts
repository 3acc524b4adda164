/**
 * Serves Connect routes on one port over HTTP/1.1 and cleartext HTTP/2 (lib/rpc/http1-and-h2c-server.ts): one
 * server answers the Connect, gRPC and gRPC-Web protocols, so any internal caller — the gateway's Connect calls
 * over HTTP/1.1, a plain @grpc/grpc-js client, a Kubernetes gRPC probe — can reach a service.
 */
import { Code, ConnectError, createConnectRouter, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { compressionBrotli, compressionGzip } from "@connectrpc/connect-node";
import Fastify, { type FastifyServerOptions } from "fastify";
import { setMaxListeners } from "node:events";
import { requestIdOf } from "../observability/logger.js";
import { requestLogging } from "../observability/request-logging.js";
import { registerConnectRoutes } from "./connect-routes.js";
import { unaryCallsOf } from "./unary-calls.js";
import { databaseErrors } from "./database-errors.js";
import { http1AndH2cServer, SERVICE_IDLE_TIMEOUT_MS } from "./http1-and-h2c-server.js";

/** A caller that connects and says nothing is not one. */
const FIRST_BYTES_TIMEOUT_MS = 10_000;

export async function buildServiceServer(
  routes: (router: ConnectRouter) => void,
  /** interceptors: outside the database translation (metrics, app/compose/interceptors.ts). */
  options: {
    logger?: FastifyServerOptions["logger"];
    shutdownTimeoutMs?: number;
    interceptors?: Interceptor[];
  } = {},
) {
  // The gateway's X-Request-Id becomes this process's request id, so one id follows a request through every log.
  const app = Fastify({
    serverFactory: (handler) =>
      http1AndH2cServer(handler, {
        idleTimeoutMs: SERVICE_IDLE_TIMEOUT_MS,
        firstBytesTimeoutMs: FIRST_BYTES_TIMEOUT_MS,
      }),
    logger: options.logger ?? false,
    ...requestLogging(),
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  // Every call in flight listens on the shutdown signal (Connect links it to the call's own), so under load it has
  // as many listeners as calls: that is no leak (each goes when its call ends), and no warning past 10 should say
  // so. Connect's own shutdownTimeoutMs would make a signal this code cannot reach; this one is ours.
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal);
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000;
  app.addHook("preClose", (done) => {
    // A call cut off by shutdown is Unavailable, which a caller may retry on another replica.
    const cutOff = () => shutdown.abort(new ConnectError("the service is shutting down", Code.Unavailable));
    setTimeout(cutOff, shutdownTimeoutMs).unref();
    done();
  });
  // Database outages become Unavailable, a caller's unstorable text InvalidArgument (lib/rpc/database-errors.ts).
  const interceptors = [...(options.interceptors ?? []), databaseErrors];
  const router = createConnectRouter({
    interceptors,
    shutdownSignal: shutdown.signal,
    acceptCompression: [compressionGzip, compressionBrotli],
  });
  const unary = unaryCallsOf(routes, interceptors, "connect", router);
  await app.register(async (scope) => registerConnectRoutes(scope, router, { unary, shutdownSignal: shutdown.signal }));
  return app;
}
