/**
 * Connect call latency by method, as an interceptor: on clients (the gateway's calls to services) and on servers
 * (each service process, and the in-process router of the all-in-one). A failed call is labelled with its Code.
 */
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import type { Metrics } from "./metrics.js";

/** not_found, invalid_argument, …: gRPC's names of a Code. */
export const codeName = (code: Code) => (Code[code] ?? "Unknown").replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();

export function rpcMetricsInterceptor(metrics: Pick<Metrics, "rpcDuration">, side: "client" | "server"): Interceptor {
  return (next) => async (req) => {
    const started = performance.now();
    const observe = (code: string) =>
      metrics.rpcDuration.observe(
        { side, service: req.service.typeName, method: req.method.name, code },
        (performance.now() - started) / 1000,
      );
    try {
      const res = await next(req);
      observe("ok");
      return res;
    } catch (e) {
      observe(codeName(ConnectError.from(e).code));
      throw e;
    }
  };
}
