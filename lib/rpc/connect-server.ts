/**
 * Serves Connect routes over HTTP/2 (cleartext): one server answers the Connect, gRPC and gRPC-Web
 * protocols, so any internal caller — including a plain @grpc/grpc-js client — can reach a service.
 */
import type { ConnectRouter, Interceptor } from "@connectrpc/connect";
import { fastifyConnectPlugin } from "@connectrpc/connect-fastify";
import Fastify, { type FastifyHttp2Options } from "fastify";
import type { Http2Server } from "node:http2";
import { requestIdOf } from "../observability/logger.js";
import { requestLogging } from "../observability/request-logging.js";
import { databaseErrors } from "./database-errors.js";

export async function buildServiceServer(
  routes: (router: ConnectRouter) => void,
  /** interceptors: outside the database translation (metrics, app/compose/interceptors.ts). */
  options: {
    logger?: FastifyHttp2Options<Http2Server>["logger"];
    shutdownTimeoutMs?: number;
    interceptors?: Interceptor[];
  } = {},
) {
  // The gateway's X-Request-Id becomes this process's request id, so one id follows a request through every log.
  const app = Fastify({
    http2: true,
    logger: options.logger ?? false,
    ...requestLogging(),
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  // Database outages become Unavailable, a caller's unstorable text InvalidArgument (lib/rpc/database-errors.ts).
  await app.register(fastifyConnectPlugin, {
    routes,
    interceptors: [...(options.interceptors ?? []), databaseErrors],
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? 10_000,
  });
  return app;
}
