/**
 * The gateway's transport to the service processes, against a real service server: unary calls written with
 * node:http keep what Connect's own transport gives a caller (interceptors, headers both ways, the service's error
 * codes, details and metadata, deadlines, cancellation, unreachable services, a bound on the answer's size), over
 * one reused keep-alive connection; streaming calls still work through Connect's transport.
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Interceptor } from "@connectrpc/connect";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CatalogService, ListAnalystsResponseSchema } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { Health, HealthCheckResponseSchema } from "../../gen/grpc/health/v1/health_pb.js";
import { buildServiceServer } from "./connect-server.js";
import { createUnaryHttp1Transport } from "./unary-http1-transport.js";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

interface Seen {
  header?: Headers;
  aborted?: unknown;
}

async function serve(seen: Seen = {}) {
  const server = await buildServiceServer((router) => {
    router.service(CatalogService, {
      async listAnalysts(_request, context) {
        seen.header = context.requestHeader;
        const mode = context.requestHeader.get("x-mode");
        if (mode === "fail") {
          context.responseHeader.set("x-why", "asked to");
          throw new ConnectError("no such analyst", Code.NotFound, { "x-meta": "m1" });
        }
        if (mode === "wait")
          await new Promise((resolve) =>
            context.signal.addEventListener("abort", () => resolve((seen.aborted = context.signal.reason))),
          );
        context.responseHeader.set("x-answered", "yes");
        return create(ListAnalystsResponseSchema, { count: mode === "big" ? 1_000_000_000 : 7 });
      },
    });
    router.service(Health, {
      async check() {
        return create(HealthCheckResponseSchema, { status: 1 });
      },
      async *watch() {
        yield create(HealthCheckResponseSchema, { status: 1 });
        yield create(HealthCheckResponseSchema, { status: 2 });
      },
    });
  });
  let connections = 0;
  server.server.on("connection", () => connections++);
  await server.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const agent = new Agent({ keepAlive: true });
  closers.push(
    () => server.close(),
    async () => agent.destroy(),
  );
  return { baseUrl, agent, connections: () => connections };
}

const stamp: Interceptor = (next) => (req) => {
  req.header.set("x-request-id", "req-1");
  return next(req);
};

describe("unary calls over node:http", () => {
  it("answers with the message and headers, runs the interceptors, and sends the body with its length", async () => {
    const seen: Seen = {};
    const { baseUrl, agent } = await serve(seen);
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent, interceptors: [stamp] }));
    let header: Headers | undefined;
    const answer = await client.listAnalysts({}, { onHeader: (h) => (header = h) });
    expect(answer.count).toBe(7);
    expect(header?.get("x-answered")).toBe("yes");
    expect(seen.header?.get("x-request-id")).toBe("req-1");
    expect(seen.header?.get("content-type")).toBe("application/proto");
    expect(seen.header?.get("connect-protocol-version")).toBe("1");
    expect(seen.header?.get("content-length")).toBe("0");
    expect(seen.header?.get("transfer-encoding")).toBeNull();
  });

  it("keeps one connection for calls made one after another", async () => {
    const { baseUrl, agent, connections } = await serve();
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent }));
    for (let i = 0; i < 20; i++) expect((await client.listAnalysts({})).count).toBe(7);
    expect(connections()).toBe(1);
  });

  it("gives the service's error with its code, message, metadata and response headers", async () => {
    const { baseUrl, agent } = await serve();
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent }));
    const error = await client.listAnalysts({}, { headers: { "x-mode": "fail" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    const e = error as ConnectError;
    expect([e.code, e.rawMessage]).toEqual([Code.NotFound, "no such analyst"]);
    expect(e.metadata.get("x-meta")).toBe("m1");
    expect(e.metadata.get("x-why")).toBe("asked to");
  });

  it("sends the deadline: past it the caller gets DeadlineExceeded and the service's call is aborted", async () => {
    const seen: Seen = {};
    const { baseUrl, agent } = await serve(seen);
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent }));
    const error = await client
      .listAnalysts({}, { headers: { "x-mode": "wait" }, timeoutMs: 150 })
      .catch((e: unknown) => e);
    expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
    expect(seen.header?.get("connect-timeout-ms")).toMatch(/^\d+$/);
    await expect.poll(() => (seen.aborted as ConnectError | undefined)?.code).toBe(Code.DeadlineExceeded);
  });

  it("is Canceled when the caller aborts, and the service's call is aborted too", async () => {
    const seen: Seen = {};
    const { baseUrl, agent } = await serve(seen);
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent }));
    const controller = new AbortController();
    const call = client.listAnalysts({}, { headers: { "x-mode": "wait" }, signal: controller.signal });
    await expect.poll(() => seen.header).toBeDefined();
    controller.abort();
    expect(((await call.catch((e: unknown) => e)) as ConnectError).code).toBe(Code.Canceled);
    await expect.poll(() => seen.aborted).toBeDefined();
  });

  it("is Unavailable when nothing listens at the service's address", async () => {
    const { baseUrl, agent } = await serve();
    await closers.shift()!();
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent }));
    const error = (await client.listAnalysts({}).catch((e: unknown) => e)) as ConnectError;
    expect(error.code).toBe(Code.Unavailable);
    expect(error.rawMessage).toMatch(/ECONNREFUSED/);
  });

  it("refuses an answer over readMaxBytes as ResourceExhausted", async () => {
    const { baseUrl, agent } = await serve();
    const client = createClient(CatalogService, createUnaryHttp1Transport({ baseUrl, agent, readMaxBytes: 4 }));
    const error = (await client
      .listAnalysts({}, { headers: { "x-mode": "big" } })
      .catch((e: unknown) => e)) as ConnectError;
    expect([error.code, error.rawMessage]).toEqual([Code.ResourceExhausted, "the answer is over 4 bytes"]);
    expect((await client.listAnalysts({})).count).toBe(7);
  });

  it("streams server-streaming calls through Connect's own transport", async () => {
    const { baseUrl, agent } = await serve();
    const client = createClient(Health, createUnaryHttp1Transport({ baseUrl, agent }));
    const statuses: number[] = [];
    for await (const m of client.watch({ service: "" })) statuses.push(m.status);
    expect(statuses).toEqual([1, 2]);
    expect((await client.check({ service: "" })).status).toBe(1);
  });
});
