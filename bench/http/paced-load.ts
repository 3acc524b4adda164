/**
 * A load run at a steady rate: requests due at even intervals over keep-alive connections, each one's latency counted
 * from when it was due, so one that waited for a free connection (or for the generator itself) counts as late.
 * autocannon's `overallRate` is not that: each of its connections sends its share of a second back to back, then
 * waits for the next second, so "half the rate" was full speed for half of each second, and its p99 was the p99 of
 * a burst.
 */
import { Agent, request as httpRequest } from "node:http";
import type { LoadRequest, LoadRun } from "./load.js";

export async function runPaced(options: {
  url: string;
  request: LoadRequest;
  seconds: number;
  /** At most this many requests in flight (the connections kept open). */
  connections: number;
  /** Requests per second. */
  rate: number;
}): Promise<LoadRun> {
  const { request } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(request.path, options.url);
  const headers = request.body
    ? { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) }
    : request.headers;
  const interval = 1000 / options.rate;
  const total = Math.round(options.seconds * options.rate);
  const latencies = new Float64Array(total);
  let answered = 0;
  let errors = 0;
  let unexpected = 0;
  const inFlight: Array<Promise<void>> = [];

  const send = (due: number) =>
    new Promise<void>((settled) => {
      const req = httpRequest(url, { method: request.method, headers, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies[answered++] = performance.now() - due;
          if (res.statusCode !== request.status) unexpected++;
          settled();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error("timed out")));
      req.on("error", () => {
        errors++;
        settled();
      });
      req.end(request.body);
    });

  const start = performance.now();
  await new Promise<void>((finished) => {
    let sent = 0;
    const tick = () => {
      while (sent < total && start + sent * interval <= performance.now())
        inFlight.push(send(start + sent++ * interval));
      if (sent === total) return finished();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  return {
    requests: answered,
    seconds: options.seconds,
    errors,
    unexpected,
    latencies: latencies.slice(0, answered),
  };
}
