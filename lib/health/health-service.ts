/**
 * grpc.health.v1.Health over Connect (so gRPC health clients, Kubernetes grpc probes and our gateway can ask):
 * - "" (the server): SERVING while the process's own checks pass (its database answers) and it is not shutting down;
 * - a service it serves (`institute.catalog.v1.CatalogService`, …): the server's status and that service's own
 *   (SearchService is NOT_SERVING while it has no embedder or index: it answers, but with search_ready false);
 * - "liveness": SERVING as long as the process answers at all (the liveness probe; shutdown does not change it);
 * - any other name: Check fails NOT_FOUND, Watch answers SERVICE_UNKNOWN (gRPC's rules).
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter, type ServiceImpl } from "@connectrpc/connect";
import {
  Health,
  HealthCheckResponse_ServingStatus as Status,
  HealthCheckResponseSchema,
} from "../../gen/grpc/health/v1/health_pb.js";

export const LIVENESS = "liveness";

export interface HealthSource {
  /** The server as a whole: resolves true when its dependencies answer. */
  server(): Promise<boolean>;
  /** Each service served here, by full name, with its own condition beyond the server's (default: none). */
  services: Record<string, () => Promise<boolean> | boolean>;
  /** How often Watch looks for a change. */
  watchEveryMs?: number;
}

const safely = async (check: () => Promise<boolean> | boolean) => {
  try {
    return await check();
  } catch {
    return false;
  }
};

export function createHealthService(source: HealthSource): ServiceImpl<typeof Health> {
  async function statusOf(service: string): Promise<Status> {
    if (service === LIVENESS) return Status.SERVING;
    const own = service === "" ? undefined : source.services[service];
    if (service !== "" && own === undefined) return Status.SERVICE_UNKNOWN;
    const up = (await safely(() => source.server())) && (own === undefined || (await safely(own)));
    return up ? Status.SERVING : Status.NOT_SERVING;
  }

  return {
    async check({ service }) {
      const status = await statusOf(service);
      if (status === Status.SERVICE_UNKNOWN)
        throw new ConnectError(`unknown service: ${service.slice(0, 200)}`, Code.NotFound);
      return { status };
    },

    async list() {
      const names = ["", ...Object.keys(source.services)];
      const statuses = await Promise.all(
        names.map(async (n) => [n, create(HealthCheckResponseSchema, { status: await statusOf(n) })] as const),
      );
      return { statuses: Object.fromEntries(statuses) };
    },

    async *watch({ service }, context) {
      const every = source.watchEveryMs ?? 5_000;
      let last: Status | undefined;
      while (!context.signal.aborted) {
        const status = await statusOf(service);
        if (status !== last) yield { status };
        last = status;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            context.signal.removeEventListener("abort", done);
            resolve();
          };
          const timer = setTimeout(done, every);
          context.signal.addEventListener("abort", done);
        });
      }
    },
  };
}

export const healthRoutes = (source: HealthSource) => (router: ConnectRouter) =>
  router.service(Health, createHealthService(source));
