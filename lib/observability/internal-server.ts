/**
 * The internal listener every process opens on METRICS_PORT (HTTP/1.1, so kubelet probes and Prometheus reach it
 * even where the main port speaks HTTP/2 only): GET /healthz (live: the process answers), GET /readyz (200 only when
 * every dependency answers; 503 with the failing check named otherwise), GET /metrics (Prometheus text format).
 * It serves nothing else and holds no data of the service; keep it off the public network (docs/deployment.md).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Readiness } from "./readiness.js";

export const INTERNAL_PATHS = { live: "/healthz", ready: "/readyz", metrics: "/metrics" } as const;

export interface InternalServer {
  port: number;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: string, type = "application/json") {
  res
    .writeHead(status, { "content-type": type, "cache-control": "no-store", "content-length": Buffer.byteLength(body) })
    .end(body);
}

export async function startInternalServer(options: {
  host: string;
  port: number;
  registry: Registry;
  readiness: Readiness;
}): Promise<InternalServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(res, 405, JSON.stringify({ error: "method not allowed" }));
    if (path === INTERNAL_PATHS.live) return send(res, 200, JSON.stringify({ status: "live" }));
    if (path === INTERNAL_PATHS.ready) {
      void options.readiness.report().then(
        (r) =>
          send(res, r.ready ? 200 : 503, JSON.stringify({ status: r.ready ? "ready" : "not ready", checks: r.checks })),
        () => send(res, 503, JSON.stringify({ status: "not ready" })),
      );
      return;
    }
    if (path === INTERNAL_PATHS.metrics) {
      void options.registry.metrics().then(
        (text) => send(res, 200, text, options.registry.contentType),
        () => send(res, 500, JSON.stringify({ error: "metrics unavailable" })),
      );
      return;
    }
    send(res, 404, JSON.stringify({ error: "not found" }));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => (server.off("error", reject), resolve()));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
