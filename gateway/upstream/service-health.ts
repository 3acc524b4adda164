/**
 * What the gateway learns from each service process's grpc.health.v1: whether the process is ready (its database
 * answers) for /readyz, and whether SearchService can search, which /api/v1/meta reports as search_enabled. The
 * same questions over the in-process router (all-in-one) and over gRPC (cluster), so meta tells the truth in both.
 */
import type { Client } from "@connectrpc/connect";
import { Health, HealthCheckResponse_ServingStatus as Status } from "../../gen/grpc/health/v1/health_pb.js";
import type { Check } from "../../lib/observability/readiness.js";
import { SEARCH_SERVICE_NAME } from "../../services/groups.js";

const TIMEOUT_MS = 2_000;

/** Readiness of one service process: its server-wide status is SERVING. */
export function serviceCheck(health: Client<typeof Health>): Check {
  return async () => {
    const { status } = await health.check({ service: "" }, { timeoutMs: TIMEOUT_MS });
    if (status !== Status.SERVING) throw new Error(`health: ${Status[status] ?? status}`);
  };
}

/** search_enabled: SearchService is SERVING (an embedder and the documents index are loaded); unreachable is false. */
export function searchEnabledFrom(health: Client<typeof Health>): () => Promise<boolean> {
  return async () => {
    try {
      return (
        (await health.check({ service: SEARCH_SERVICE_NAME }, { timeoutMs: TIMEOUT_MS })).status === Status.SERVING
      );
    } catch {
      return false;
    }
  };
}
