import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config/config.js";
import type { Log } from "../../lib/log.js";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import type { RateLimiter } from "../rate-limit/limiter.js";
import { gatewayInfrastructure } from "./infrastructure-plugin.js";

/** Records what happens to one opened piece: who opened it with which log, and whether it was closed. */
function tracked() {
  const seen = { openedWith: undefined as Log | undefined, closed: 0 };
  const limiter = (log: Log): RateLimiter => {
    seen.openedWith = log;
    return {
      config: loadConfig({}).access.rateLimit,
      check: async () => undefined,
      close: async () => void seen.closed++,
    };
  };
  const usage = (log: Log): UsageRecorder => {
    seen.openedWith = log;
    return { request() {}, read() {}, flush: async () => {}, close: async () => void seen.closed++ };
  };
  return { seen, limiter, usage };
}

describe("the gateway's infrastructure plugin", () => {
  it("opens each piece with the gateway's log, decorates the root instance with it and closes it with the gateway", async () => {
    const rate = tracked();
    const counts = tracked();
    const app = Fastify();
    await app.register(gatewayInfrastructure, { rateLimiter: rate.limiter, usage: counts.usage });
    expect(app.rateLimiter).not.toBeNull();
    expect(app.usage).not.toBeNull();
    expect(app.readCache).toBeNull();
    expect(rate.seen.openedWith).toBe(app.log);
    expect(counts.seen.openedWith).toBe(app.log);
    expect([rate.seen.closed, counts.seen.closed]).toEqual([0, 0]);
    await app.close();
    expect([rate.seen.closed, counts.seen.closed]).toEqual([1, 1]);
  });

  it("decorates null where nothing is configured, or an opener turns its piece off", async () => {
    const app = Fastify();
    await app.register(gatewayInfrastructure, {
      readCache: { budgetBytes: 0, staleMs: 0, connection: {} },
      rateLimiter: () => undefined,
    });
    expect([app.readCache, app.rateLimiter, app.usage]).toEqual([null, null, null]);
    expect(app.hasPlugin("gateway-infrastructure")).toBe(true);
    await app.close();
  });
});
