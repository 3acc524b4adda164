/**
 * A call over a message port answers as the in-process transport does: the same messages, headers, errors,
 * interceptors and deadlines; a call given up is cancelled on the serving side; a side that is gone is Unavailable.
 */
import { Code, ConnectError, createClient, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { Health, HealthCheckResponse_ServingStatus as Status } from "../../gen/grpc/health/v1/health_pb.js";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { serveOverPort } from "./thread-server.js";
import { createThreadTransport } from "./thread-transport.js";

const seen: string[] = [];
const cancelled: string[] = [];
const tag =
  (name: string): Interceptor =>
  (next) =>
  async (req) => {
    seen.push(`${name}>`);
    if (name === "client") req.header.set("x-request-id", "r-1");
    try {
      return await next(req);
    } finally {
      seen.push(`<${name}`);
    }
  };

const routes = (router: ConnectRouter) =>
  router.service(Health, {
    async check({ service }, ctx) {
      seen.push(`impl ${ctx.requestHeader.get("x-request-id")}`);
      ctx.responseHeader.set("x-served-by", "thread");
      ctx.responseTrailer.set("x-checked", service);
      if (service === "missing")
        throw new ConnectError("unknown service: missing", Code.NotFound, { "x-why": "never registered" });
      if (service === "broken") throw new Error("secret detail");
      if (service === "hangs")
        await new Promise<void>((_, reject) =>
          ctx.signal.addEventListener("abort", () => {
            cancelled.push(String(ConnectError.from(ctx.signal.reason).code));
            reject(ctx.signal.reason as Error);
          }),
        );
      return { status: Status.SERVING };
    },
    async *watch() {
      yield { status: Status.SERVING };
    },
  });

function connected() {
  const { port1, port2 } = new MessageChannel();
  const server = serveOverPort(port2, routes, { interceptors: [tag("router")] });
  const transport = createThreadTransport(port1, { interceptors: [tag("client")] });
  const close = () => {
    server.stop();
    port1.close();
  };
  return { transport, client: createClient(Health, transport), close };
}

let open: ReturnType<typeof connected> | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
  seen.length = 0;
  cancelled.length = 0;
});

async function rejection(call: Promise<unknown>): Promise<ConnectError> {
  const e = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConnectError);
  return e as ConnectError;
}

describe("a Connect call to another thread", () => {
  it("answers with the message, the headers and the trailers, through both sides' interceptors in order", async () => {
    open = connected();
    let header: Headers | undefined;
    let trailer: Headers | undefined;
    const res = await open.client.check(
      { service: "search" },
      { onHeader: (h) => (header = h), onTrailer: (t) => (trailer = t) },
    );
    expect(res.status).toBe(Status.SERVING);
    expect(res.$typeName).toBe("grpc.health.v1.HealthCheckResponse");
    expect(header?.get("x-served-by")).toBe("thread");
    expect(trailer?.get("x-checked")).toBe("search");
    expect(seen).toEqual(["client>", "router>", "impl r-1", "<router", "<client"]);
  });

  it("keeps a service's error: its code, message and metadata", async () => {
    open = connected();
    const e = await rejection(open.client.check({ service: "missing" }));
    expect([e.code, e.rawMessage, e.metadata.get("x-why")]).toEqual([
      Code.NotFound,
      "unknown service: missing",
      "never registered",
    ]);
  });

  it("turns anything else thrown into Internal without its message", async () => {
    open = connected();
    const e = await rejection(open.client.check({ service: "broken" }));
    expect([e.code, e.rawMessage]).toEqual([Code.Internal, "internal error"]);
  });

  it("is DeadlineExceeded when the deadline passes, and the serving side's call ends too", async () => {
    open = connected();
    const e = await rejection(open.client.check({ service: "hangs" }, { timeoutMs: 50 }));
    expect(e.code).toBe(Code.DeadlineExceeded);
    // The serving side knows the deadline too: its own timer or the caller's cancellation ends the call first.
    await expect.poll(() => cancelled.length).toBe(1);
    expect([String(Code.DeadlineExceeded), String(Code.Canceled)]).toContain(cancelled[0]);
  });

  it("is Canceled when the caller aborts, and the serving side's call is cancelled", async () => {
    open = connected();
    const abort = new AbortController();
    const call = open.client.check({ service: "hangs" }, { signal: abort.signal });
    setTimeout(() => abort.abort(), 20);
    expect((await rejection(call)).code).toBe(Code.Canceled);
    await expect.poll(() => cancelled).toEqual([String(Code.Canceled)]);
  });

  it("is Unimplemented for a method the other side does not serve, and for a streaming one", async () => {
    open = connected();
    const search = createClient(SearchService, open.transport);
    const e = await rejection(search.search({ query: "rates" }));
    expect([e.code, e.rawMessage]).toEqual([
      Code.Unimplemented,
      "institute.search.v1.SearchService/Search is not served on this thread",
    ]);
    const stream = open.client.watch({ service: "" });
    const streamed = await rejection(stream[Symbol.asyncIterator]().next());
    expect(streamed.code).toBe(Code.Unimplemented);
  });

  it("fails pending and later calls with Unavailable once the other side is gone", async () => {
    open = connected();
    const pending = open.client.check({ service: "hangs" });
    await expect.poll(() => seen).toContain("impl r-1");
    open.transport.fail("the search thread exited (code 1)");
    const e = await rejection(pending);
    expect([e.code, e.rawMessage]).toEqual([Code.Unavailable, "the search thread exited (code 1)"]);
    const later = await rejection(open.client.check({ service: "search" }));
    expect([later.code, later.rawMessage]).toEqual([Code.Unavailable, "the search thread exited (code 1)"]);
  });
});
