import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPaced } from "./paced-load.js";

describe("runPaced (the bench's steady-rate run)", () => {
  let server: Server;
  let url: string;
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        bodies.push(body);
        if (req.url === "/missing") res.statusCode = 404;
        if (req.url === "/close") res.setHeader("connection", "close");
        if (req.url === "/slow") return setTimeout(() => res.end("late"), 50);
        if (req.url === "/chunked") {
          res.write("first part, ");
          return setImmediate(() => res.end("second part"));
        }
        res.end("ok");
      });
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((closed) => server.close(closed)));

  it("sends rate × seconds requests with their body and counts each answer's latency", async () => {
    bodies.length = 0;
    const request = { method: "POST" as const, path: "/x", headers: {}, body: '{"q":"bank"}', status: 200 };
    const run = await runPaced({ url, request, seconds: 1, connections: 4, rate: 50 });
    expect(run).toMatchObject({ requests: 50, seconds: 1, errors: 0, unexpected: 0 });
    expect(run.latencies).toHaveLength(50);
    expect(run.latencies.every((ms) => ms > 0 && ms < 10_000)).toBe(true);
    expect(bodies).toEqual(Array(50).fill('{"q":"bank"}'));
  });

  it("reads chunked answers whole and opens a new connection after the server closes one", async () => {
    const get = (path: string) => ({ method: "GET" as const, path, headers: {}, status: 200 });
    expect(await runPaced({ url, request: get("/chunked"), seconds: 1, connections: 2, rate: 20 })).toMatchObject({
      requests: 20,
      errors: 0,
      unexpected: 0,
    });
    expect(await runPaced({ url, request: get("/close"), seconds: 1, connections: 2, rate: 20 })).toMatchObject({
      requests: 20,
      errors: 0,
      unexpected: 0,
    });
  });

  it("counts from when a request was due, so one that waited for a busy connection counts as late", async () => {
    // One connection, a request due every 25 ms, each answered in 50 ms: the nth waits about 25·n ms.
    const slow = { method: "GET" as const, path: "/slow", headers: {}, status: 200 };
    const run = await runPaced({ url, request: slow, seconds: 0.5, connections: 1, rate: 40 });
    expect(run.requests).toBe(20);
    expect(run.latencies[0]).toBeGreaterThanOrEqual(45);
    expect(run.latencies[0]).toBeLessThan(150);
    expect(run.latencies[19]).toBeGreaterThan(450);
    for (let i = 1; i < 20; i++) expect(run.latencies[i]).toBeGreaterThan(run.latencies[i - 1]!);
  });

  it("counts an answer with another status as unexpected, and a refused connection as an error", async () => {
    const missing = { method: "GET" as const, path: "/missing", headers: {}, status: 200 };
    expect(await runPaced({ url, request: missing, seconds: 1, connections: 2, rate: 10 })).toMatchObject({
      requests: 10,
      unexpected: 10,
      errors: 0,
    });
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", listening));
    const port = (closed.address() as { port: number }).port;
    await new Promise((done) => closed.close(done));
    const refused = await runPaced({
      url: `http://127.0.0.1:${port}`,
      request: { ...missing, path: "/" },
      seconds: 1,
      connections: 2,
      rate: 5,
    });
    expect(refused).toMatchObject({ requests: 0, errors: 5, unexpected: 0 });
  });
});
