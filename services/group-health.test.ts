/** grpc.health.v1 over the in-process router: gRPC's rules for the server, named services, List and Watch. */
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { Health, HealthCheckResponse_ServingStatus as Status } from "../gen/grpc/health/v1/health_pb.js";
import { SearchService } from "../gen/institute/search/v1/search_pb.js";
import type { ServiceDeps } from "./deps.js";
import { groupHealth } from "./groups.js";
import { healthRoutes, LIVENESS, type HealthSource } from "../lib/health/health-service.js";

function healthOf(source: HealthSource) {
  return createClient(Health, createRouterTransport(healthRoutes(source)));
}

describe("grpc.health.v1.Health", () => {
  it("reports the server, each service beyond it, and liveness regardless of both", async () => {
    let databaseUp = true;
    let searchReady = false;
    const deps = {
      db: { query: async () => (databaseUp ? { rows: [] } : Promise.reject(new Error("down"))) },
      vectors: { searchReady: () => searchReady },
    } as unknown as ServiceDeps;
    const health = healthOf(groupHealth(["search"], deps));
    const status = async (service: string) => (await health.check({ service })).status;
    expect(await status("")).toBe(Status.SERVING);
    expect(await status(SearchService.typeName)).toBe(Status.NOT_SERVING);
    searchReady = true;
    expect(await status(SearchService.typeName)).toBe(Status.SERVING);
    databaseUp = false;
    expect([await status(""), await status(SearchService.typeName), await status(LIVENESS)]).toEqual([
      Status.NOT_SERVING,
      Status.NOT_SERVING,
      Status.SERVING,
    ]);
    await expect(health.check({ service: "institute.catalog.v1.CatalogService" })).rejects.toMatchObject({ code: 5 });
  });

  it("lists every service with its status", async () => {
    const health = healthOf({ server: async () => true, services: { "a.v1.A": () => true, "b.v1.B": () => false } });
    const { statuses } = await health.list({});
    expect(Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, v.status]))).toEqual({
      "": Status.SERVING,
      "a.v1.A": Status.SERVING,
      "b.v1.B": Status.NOT_SERVING,
    });
  });

  it("watches: the status at once, then each change; SERVICE_UNKNOWN for an unknown name without ending the call", async () => {
    let up = true;
    const health = healthOf({ server: async () => up, services: {}, watchEveryMs: 10 });
    const seen: Status[] = [];
    for await (const r of health.watch({ service: "" })) {
      seen.push(r.status);
      if (seen.length === 1) up = false;
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([Status.SERVING, Status.NOT_SERVING]);
    for await (const r of health.watch({ service: "no.such.v1.Service" })) {
      expect(r.status).toBe(Status.SERVICE_UNKNOWN);
      break;
    }
  });
});
