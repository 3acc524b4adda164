/**
 * A service process under load: every call in flight listens on the server's shutdown signal, so more than ten at
 * once used to print `MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]` (issue 25). None now,
 * and shutdown still cuts off a call that outlives its timeout, as Unavailable (a caller may retry elsewhere). Each
 * holds over HTTP/1.1 keep-alive connections (the gateway's) and over an HTTP/2 session (gRPC callers, probes).
 */
import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CatalogService, ListAnalystsResponseSchema } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { buildServiceServer } from "./connect-server.js";

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off("warning", onWarning);
});

type HttpVersion = "1.1" | "2";

async function serveSlowCatalog(httpVersion: HttpVersion, release: Promise<void>, shutdownTimeoutMs?: number) {
  const server = await buildServiceServer(
    (router) => {
      router.service(CatalogService, {
        async listAnalysts(_request, context) {
          // A handler that honours its call's signal, as the services' database calls do.
          await Promise.race([
            release,
            new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason))),
          ]);
          return create(ListAnalystsResponseSchema, { count: 1 });
        },
      });
    },
    shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs },
  );
  await server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = server.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The client's HTTP/2 session or idle keep-alive connections would hold the server's close open.
  if (httpVersion === "2") {
    const sessions = new Http2SessionManager(baseUrl);
    const client = createClient(
      CatalogService,
      createConnectTransport({ baseUrl, httpVersion: "2", sessionManager: sessions }),
    );
    return { server, client, close: () => (sessions.abort(), server.close()) };
  }
  const agent = new Agent({ keepAlive: true });
  const client = createClient(
    CatalogService,
    createConnectTransport({ baseUrl, httpVersion: "1.1", nodeOptions: { agent } }),
  );
  return { server, client, close: () => (agent.destroy(), server.close()) };
}

describe.each<HttpVersion>(["1.1", "2"])("the service server under load, called over HTTP/%s", (httpVersion) => {
  it("answers 50 calls in flight at once without a MaxListenersExceededWarning", async () => {
    process.on("warning", onWarning);
    let open!: () => void;
    const release = new Promise<void>((resolve) => (open = resolve));
    const { client, close } = await serveSlowCatalog(httpVersion, release);
    try {
      const calls = Array.from({ length: 50 }, () => client.listAnalysts({}));
      await new Promise((resolve) => setTimeout(resolve, 300));
      open();
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.count)).toEqual(Array(50).fill(1));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning").map((w) => w.message)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("still cuts off a call that outlives the shutdown timeout", async () => {
    const { server, client, close } = await serveSlowCatalog(httpVersion, new Promise(() => {}), 100);
    const call = client.listAnalysts({}).then(
      () => "answered",
      (e: Error) => e.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.close();
    expect(await call).toBe("[unavailable] the service is shutting down");
    await close();
    await closed;
  });
});
