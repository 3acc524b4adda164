import Fastify from "fastify";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logger.js";
import { deferredRequestLogger } from "./request-logger.js";

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

describe("the deferred request logger", () => {
  it("writes enabled lines with the request id and skips the rest, as fastify's own child does", async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: loggerOptions({ level: "info", name: "t", stream }),
      childLoggerFactory: deferredRequestLogger,
      genReqId: () => "req-1",
    });
    app.get("/", async (request) => {
      request.log.debug("not written");
      request.log.info({ apiKey: "sk_ins_secret" }, "written");
      request.log.child({ step: "inner" }).warn("nested");
      return { level: request.log.level };
    });
    const res = await app.inject({ url: "/" });
    await app.close();
    expect(res.json()).toEqual({ level: "info" });
    expect(lines.map(({ msg, reqId, step, apiKey }) => ({ msg, reqId, step, apiKey }))).toEqual([
      { msg: "incoming request", reqId: "req-1", step: undefined, apiKey: undefined },
      { msg: "written", reqId: "req-1", step: undefined, apiKey: "[Redacted]" },
      { msg: "nested", reqId: "req-1", step: "inner", apiKey: undefined },
      { msg: "request completed", reqId: "req-1", step: undefined, apiKey: undefined },
    ]);
  });

  it("leaves fastify's silent logger as it is when logging is off", async () => {
    const app = Fastify({ logger: false, childLoggerFactory: deferredRequestLogger });
    app.get("/", async (request) => {
      request.log.warn("nowhere");
      return "ok";
    });
    expect((await app.inject({ url: "/" })).body).toBe("ok");
    await app.close();
  });
});
