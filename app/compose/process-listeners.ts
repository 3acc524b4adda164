/**
 * The two listeners of a cluster process: its public one on PORT and the internal one on METRICS_PORT (/healthz,
 * /readyz, /metrics). Either port may be 0 (any free port); listen resolves with the ports bound.
 */
import { startInternalServer, type InternalServer } from "../../lib/observability/internal-server.js";
import type { Metrics } from "../../lib/observability/metrics.js";
import type { Readiness } from "../../lib/observability/readiness.js";

/** What both fastify flavours (HTTP/1.1 gateway, HTTP/2 services) offer for listening. */
interface Listening {
  listen(options: { host: string; port: number }): Promise<unknown>;
  server: { address(): unknown };
}

export function processListeners(server: Listening, metrics: Metrics, readiness: Readiness) {
  let internal: InternalServer | null = null;
  return {
    async listen(host: string, port: number, metricsPort: number) {
      await server.listen({ host, port });
      internal = await startInternalServer({ host, port: metricsPort, registry: metrics.registry, readiness });
      return { port: (server.server.address() as { port: number }).port, metricsPort: internal.port };
    },
    async closeInternal() {
      await internal?.close();
    },
  };
}
