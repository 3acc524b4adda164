/**
 * What held against hostile callers, kept holding (issue 25), on a listening gateway: slowloris connections that
 * never finish their headers are cut with 408 after Node's header timeout while a valid caller is served all along;
 * a 50 MB body is 413 without being read; a 10,000-element batch is -32600 and arguments nested 100,000 deep are
 * -32602, each in milliseconds and without a 5xx; the gateway then serves as before.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveGateway, type LiveGateway } from "../mcp/harness.js";

let gw: LiveGateway;
let key: string;
let port: number;
beforeAll(async () => {
  gw = await startLiveGateway();
  key = await gw.key(["analysts:read", "viewer:read"]);
  port = (gw.app.server.address() as net.AddressInfo).port;
});
afterAll(() => gw?.close());

const call = (body: unknown) => gw.post(body, { "x-api-key": key });

/** A connection that sends a request line and then one header byte every `everyMs`, never the blank line. */
function slowloris(everyMs: number): { answer: Promise<string>; stop(): void } {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => (received += d.toString("latin1")));
  socket.on("error", () => {});
  socket.write("GET /api/v1/analysts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  const drip = setInterval(() => socket.writable && socket.write("a"), everyMs);
  const answer = new Promise<string>((resolve) => socket.on("close", () => (clearInterval(drip), resolve(received))));
  return { answer, stop: () => (clearInterval(drip), socket.destroy()) };
}

describe("hostile requests", () => {
  it("cuts slowloris connections with 408 after the header timeout while a valid caller is served", async () => {
    const slow = Array.from({ length: 20 }, () => slowloris(1000));
    try {
      const served: number[] = [];
      const started = Date.now();
      const closed = Promise.all(slow.map((s) => s.answer));
      let done = false;
      void closed.then(() => (done = true));
      while (!done && Date.now() - started < 100_000) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/analysts`, { headers: { "x-api-key": key } });
        served.push(res.status);
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const answers = await closed;
      expect(answers.map((a) => a.split("\r\n")[0])).toEqual(Array(20).fill("HTTP/1.1 408 Request Timeout"));
      expect(served.length).toBeGreaterThan(10);
      expect(served.every((s) => s === 200)).toBe(true);
    } finally {
      for (const s of slow) s.stop();
    }
  }, 120_000);

  it("answers a 50 MB body 413 without reading it", async () => {
    const res = await call(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(50 * 1024 * 1024)}"}}`,
    );
    expect(res.status).toBe(413);
  });

  it("refuses a 10,000-element batch with -32600 and arguments nested 100,000 deep with -32602", async () => {
    const batch = Array.from({ length: 10_000 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" }));
    const refusedBatch = await call(batch);
    expect(refusedBatch.status).toBeLessThan(500);
    expect(((await refusedBatch.json()) as any).error.code).toBe(-32600);
    const deep = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"analysts_list","arguments":{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}}}`;
    const refusedDeep = await call(deep);
    expect(refusedDeep.status).toBeLessThan(500);
    const body = (await refusedDeep.json()) as any;
    // A tool's argument it refuses: a result the model can read, with §7.2's error.
    expect([body.result.isError, body.result.error.code, body.result.error.message]).toEqual([
      true,
      -32602,
      "invalid arguments: nested deeper than 32 levels",
    ]);
  });

  it("still serves a normal call afterwards", async () => {
    const res = await call({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "analysts_list", arguments: {} },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).result.structuredContent.count).toBe(2);
  });
});
