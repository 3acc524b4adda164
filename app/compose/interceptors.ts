/**
 * The Connect interceptors of every process, in one place so the all-in-one and the cluster install the same ones:
 * clients carry the request id and time each call; servers time each call, then turn database outages into
 * Unavailable (lib/rpc/database-errors.ts). The first interceptor of a list is the outermost.
 */
import type { Interceptor } from "@connectrpc/connect";
import { databaseErrors } from "../../lib/rpc/database-errors.js";
import type { Metrics } from "../../lib/observability/metrics.js";
import { requestIdInterceptor } from "../../lib/observability/request-context.js";
import { rpcMetricsInterceptor } from "../../lib/observability/rpc-metrics.js";

export function clientInterceptors(metrics?: Metrics): Interceptor[] {
  return [requestIdInterceptor, ...(metrics ? [rpcMetricsInterceptor(metrics, "client")] : [])];
}

/** Around lib/rpc/connect-server.ts's own database translation: only the metrics (that server adds databaseErrors itself). */
export function serverMetricsInterceptors(metrics?: Metrics): Interceptor[] {
  return metrics ? [rpcMetricsInterceptor(metrics, "server")] : [];
}

/** An in-process router's interceptors: what lib/rpc/connect-server.ts installs in a service process. */
export function routerInterceptors(metrics?: Metrics): Interceptor[] {
  return [...serverMetricsInterceptors(metrics), databaseErrors];
}
