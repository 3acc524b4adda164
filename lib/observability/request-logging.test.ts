import Fastify from "fastify";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logger.js";
import { requestLogging } from "./request-logging.js";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe("request logging", () => {
  it("writes one line per request and the handler's enabled lines, each with the request id", async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: loggerOptions({ level: "info", name: "t", stream }),
      ...requestLogging(),
      genReqId: () => "req-1",
    });
    app.get("/", async (request) => {
      request.log.debug("not written");
      request.log.info({ apiKey: "sk_ins_secret" }, "written");
      request.log.child({ step: "inner" }).warn("nested");
      return { level: request.log.level };
    });
    const answer = await app.inject({ url: "/?token=secret" });
    await app.close();
    expect(answer.json()).toEqual({ level: "info" });
    expect(lines.map(({ msg, reqId, step, apiKey }) => ({ msg, reqId, step, apiKey }))).toEqual([
      { msg: "written", reqId: "req-1", step: undefined, apiKey: "[Redacted]" },
      { msg: "nested", reqId: "req-1", step: "inner", apiKey: undefined },
      { msg: "request completed", reqId: "req-1", step: undefined, apiKey: undefined },
    ]);
    const { req, res, responseTime, headers } = lines[2]!;
    expect(req).toEqual({
      method: "GET",
      url: "/?token=[Redacted]",
      host: "localhost:80",
      remoteAddress: "127.0.0.1",
      userAgent: "lightMyRequest",
    });
    expect(res).toEqual({ statusCode: 200 });
    expect(typeof responseTime).toBe("number");
    expect(headers).toBeUndefined();
  });

  it("adds the request's headers, credentials censored, at debug; an error is one line at error", async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: loggerOptions({ level: "debug", name: "t", stream }), ...requestLogging() });
    app.get("/", async () => "ok");
    app.get("/fails", async () => {
      throw new Error("broken");
    });
    await app.inject({ url: "/", headers: { "x-api-key": "sk_ins_secret", "x-trace": "t-1" } });
    await app.inject({ url: "/fails" });
    await app.close();
    const completed = lines.filter((l) => l.msg === "request completed");
    expect(completed).toHaveLength(2);
    expect(completed[0]!.headers).toMatchObject({ "x-api-key": "[Redacted]", "x-trace": "t-1" });
    expect(completed[1]!.res).toEqual({ statusCode: 500 });
    expect(JSON.stringify(lines)).not.toContain("sk_ins_secret");
  });

  it("writes the request line with its fields in the child's order, and follows a route's own level", async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: loggerOptions({ level: "info", name: "t", stream }),
      ...requestLogging(),
      genReqId: () => "req-2",
    });
    app.get("/", async () => "ok");
    app.get("/quiet", { logLevel: "warn" }, async () => "ok");
    app.get("/loud", { logLevel: "debug" }, async () => "ok");
    await app.inject({ url: "/" });
    await app.inject({ url: "/quiet" });
    await app.inject({ url: "/loud", headers: { authorization: "Bearer sk_ins_secret" } });
    await app.close();
    expect(lines.map((l) => Object.keys(l))).toEqual([
      ["level", "time", "pid", "hostname", "name", "reqId", "req", "res", "responseTime", "msg"],
      ["level", "time", "pid", "hostname", "name", "reqId", "req", "res", "responseTime", "headers", "msg"],
    ]);
    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual(["/", "/loud"]);
    expect(lines[1]!.headers).toMatchObject({ authorization: "[Redacted]" });
  });

  it("leaves fastify's silent logger as it is when logging is off", async () => {
    const app = Fastify({ logger: false, ...requestLogging() });
    app.get("/", async (request) => {
      request.log.warn("nowhere");
      return "ok";
    });
    expect((await app.inject({ url: "/" })).body).toBe("ok");
    await app.close();
  });
});
