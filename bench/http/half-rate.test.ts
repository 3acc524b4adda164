import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BenchCase } from "./cases.js";
import { measureHalfRate } from "./half-rate.js";
import type { Target } from "./targets.js";

/** A server on a free port that notes when each request arrived. */
async function noting(arrivals: number[]): Promise<Server> {
  const server = createServer((request, response) => {
    arrivals.push(performance.now());
    response.end("ok");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return server;
}

const targetOf = (name: Target["name"], server: Server): Target => ({
  name,
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  pids: [process.pid],
  output: () => "",
  stop: async () => {},
});

describe("measureHalfRate (the p99 at half the service's rate)", () => {
  const serviceArrivals: number[] = [];
  const ceilingArrivals: number[] = [];
  let servers: Server[];

  beforeAll(async () => {
    servers = [await noting(serviceArrivals), await noting(ceilingArrivals)];
  });
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it("warms each target at the rate right before its own measured run: the service, then the ceiling", async () => {
    const c: BenchCase = {
      id: "analysts",
      label: "GET /",
      request: { method: "GET", path: "/", headers: {}, status: 200 },
      target: { against: "hand-written", ratio: { "all-in-one": 1, cluster: 1 } },
    };
    const half = await measureHalfRate(
      { service: targetOf("service", servers[0]!), ceiling: targetOf("ceiling", servers[1]!) },
      c,
      "key",
      { warmup: 0.5, duration: 0.5, connections: 2 },
      40,
    );
    expect(half).toMatchObject({ rate: 40, requests: 20, errors: 0, unexpected: 0, warmupSeconds: 0.5 });
    expect(half.ceilingP99).toBeGreaterThan(0);
    // Each target got its warm-up and its measured run, 20 requests each; the ceiling's after the service's ended.
    expect(serviceArrivals).toHaveLength(40);
    expect(ceilingArrivals).toHaveLength(40);
    expect(ceilingArrivals[0]!).toBeGreaterThan(serviceArrivals[39]!);
  });
});
