/**
 * Serves Connect routes over HTTP/2 (cleartext): one server answers the Connect, gRPC and gRPC-Web
 * protocols, so any internal caller — including a plain @grpc/grpc-js client — can reach a service.
 */
import type { ConnectRouter } from "@connectrpc/connect";
import { fastifyConnectPlugin } from "@connectrpc/connect-fastify";
import Fastify, { type FastifyHttp2Options } from "fastify";
import type { Http2Server } from "node:http2";

export async function buildServiceServer(
  routes: (router: ConnectRouter) => void,
  options: { logger?: FastifyHttp2Options<Http2Server>["logger"]; shutdownTimeoutMs?: number } = {},
) {
  const app = Fastify({ http2: true, logger: options.logger ?? false });
  await app.register(fastifyConnectPlugin, { routes, shutdownTimeoutMs: options.shutdownTimeoutMs ?? 10_000 });
  return app;
}
