/** The in-process transport answers as the router transport does: same messages, errors, interceptors, deadlines. */
import { isMessage } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createClient,
  createRouterTransport,
  type ConnectRouter,
  type Interceptor,
} from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import {
  Health,
  HealthCheckResponse_ServingStatus as Status,
  HealthCheckResponseSchema,
} from "../gen/grpc/health/v1/health_pb.js";
import { createInProcessTransport } from "./in-process-transport.js";

const seen: string[] = [];
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
      if (service === "missing") throw new ConnectError("unknown service: missing", Code.NotFound);
      if (service === "broken") throw new Error("secret detail");
      if (service === "slow") await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: Status.SERVING };
    },
    async *watch() {
      yield { status: Status.SERVING };
      yield { status: Status.NOT_SERVING };
    },
  });

const options = { router: { interceptors: [tag("server")] }, transport: { interceptors: [tag("client")] } };
const transports = {
  router: createRouterTransport(routes, options),
  "in-process": createInProcessTransport(routes, options),
};

async function failure(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (e) {
    return e as ConnectError;
  }
  throw new Error("the call succeeded");
}

describe.each(Object.entries(transports))("%s transport", (_name, transport) => {
  const client = createClient(Health, transport);

  it("answers with a full message of the output type, through client then server interceptors", async () => {
    seen.length = 0;
    const res = await client.check({ service: "" });
    expect(isMessage(res, HealthCheckResponseSchema)).toBe(true);
    expect(res.status).toBe(Status.SERVING);
    expect(seen).toEqual(["client>", "server>", "impl r-1", "<server", "<client"]);
  });

  it("passes a ConnectError through with its code and message", async () => {
    const e = await failure(client.check({ service: "missing" }));
    expect(e).toBeInstanceOf(ConnectError);
    expect([e.code, e.rawMessage]).toEqual([Code.NotFound, "unknown service: missing"]);
  });

  it("answers any other error as internal error, without its message", async () => {
    const e = await failure(client.check({ service: "broken" }));
    expect([e.code, e.rawMessage]).toEqual([Code.Internal, "internal error"]);
  });

  it("ends a call at its deadline with DeadlineExceeded, and a cancelled one with Canceled", async () => {
    expect((await failure(client.check({ service: "slow" }, { timeoutMs: 20 }))).code).toBe(Code.DeadlineExceeded);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expect((await failure(client.check({ service: "slow" }, { signal: controller.signal }))).code).toBe(Code.Canceled);
  });

  it("serves streaming methods", async () => {
    const statuses: Status[] = [];
    for await (const res of client.watch({ service: "" })) statuses.push(res.status);
    expect(statuses).toEqual([Status.SERVING, Status.NOT_SERVING]);
  });
});
