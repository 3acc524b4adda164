/**
 * A service process (app/service-group.ts build()): its group's services and grpc.health.v1 over HTTP/2, asked by a plain
 * @grpc/grpc-js client (as Kubernetes grpc probes ask) and by a Connect client (Watch); the internal listener's
 * /healthz, /readyz and /metrics; NOT_SERVING from the moment it shuts down while "liveness" stays SERVING.
 */
import * as grpc from "@grpc/grpc-js";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  Health,
  HealthCheckRequestSchema,
  HealthCheckResponse_ServingStatus as Status,
  HealthCheckResponseSchema,
} from "../gen/grpc/health/v1/health_pb.js";
import { SearchService } from "../gen/institute/search/v1/search_pb.js";
import { loadConfig } from "../lib/config/config.js";
import { sample } from "../test/helpers/metrics-sample.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { build, parseGroup } from "./service-group.js";

let db: TestDatabase;
let service: Awaited<ReturnType<typeof build>>;
let ports: { port: number; metricsPort: number };
let grpcClient: grpc.Client;
let sessions: Http2SessionManager;

const check = (service: string) =>
  new Promise<Status>((resolve, reject) =>
    grpcClient.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      (r: ReturnType<typeof create<typeof HealthCheckRequestSchema>>) =>
        Buffer.from(toBinary(HealthCheckRequestSchema, r)),
      (b: Buffer) => fromBinary(HealthCheckResponseSchema, b),
      create(HealthCheckRequestSchema, { service }),
      (err, res) => (err ? reject(err) : resolve(res!.status)),
    ),
  );

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "svcmain");
  service = await build({
    group: "search",
    reader: db.reader,
    config: loadConfig({ LOG_LEVEL: "silent", INDEX_REFRESH_MS: "0" }),
  });
  ports = await service.listen("127.0.0.1", 0, 0);
  grpcClient = new grpc.Client(`127.0.0.1:${ports.port}`, grpc.credentials.createInsecure());
  sessions = new Http2SessionManager(`http://127.0.0.1:${ports.port}`);
});

afterAll(async () => {
  grpcClient?.close();
  sessions?.abort();
  await service?.close();
  await db?.drop();
});

describe("app/service-group.ts", () => {
  it("names the service groups it can run", () => {
    expect(parseGroup("factcard")).toBe("factcard");
    expect(() => parseGroup("billing")).toThrow(
      'configuration: service name must be one of catalog, reports, portfolio, search, factcard (tsx app/service-group.ts NAME), got "billing"',
    );
  });

  it("answers grpc.health.v1 Check to a plain gRPC client: the server, its services, liveness, and NOT_FOUND for others", async () => {
    expect(await check("")).toBe(Status.SERVING);
    expect(await check("liveness")).toBe(Status.SERVING);
    // The embedder is open and the (empty) index loaded: SearchService can search.
    expect(await check(SearchService.typeName)).toBe(Status.SERVING);
    await expect(check("institute.nothing.v1.NoService")).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
  });

  it("serves the group's own service and streams its health over Connect (Watch)", async () => {
    const transport = createGrpcTransport({ baseUrl: `http://127.0.0.1:${ports.port}`, sessionManager: sessions });
    const search = createClient(SearchService, transport);
    expect(await search.search({ query: "rates", topK: 3 })).toMatchObject({ searchReady: true, results: [] });
    const statuses: Status[] = [];
    for await (const r of createClient(Health, transport).watch({ service: "" })) {
      statuses.push(r.status);
      break;
    }
    expect(statuses).toEqual([Status.SERVING]);
  });

  it("serves /healthz, /readyz and /metrics on the internal port", async () => {
    const base = `http://127.0.0.1:${ports.metricsPort}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "live" });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", indexes: "ok" } });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const check = { side: "server", service: "grpc.health.v1.Health", method: "Check" };
    expect(sample(metrics, "connect_rpc_duration_seconds_count", { ...check, code: "ok" })).toBeGreaterThanOrEqual(3);
    expect(sample(metrics, "connect_rpc_duration_seconds_count", { ...check, code: "not_found" })).toBe(1);
    expect(
      sample(metrics, "db_pool_connections", { pool: "reader", state: "total", process: "search" }),
    ).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });

  it("reports NOT_SERVING and 503 from the moment it shuts down, while liveness stays SERVING", async () => {
    service.readiness.markShuttingDown();
    expect(await check("")).toBe(Status.NOT_SERVING);
    expect(await check("liveness")).toBe(Status.SERVING);
    expect((await fetch(`http://127.0.0.1:${ports.metricsPort}/readyz`)).status).toBe(503);
  });
});
