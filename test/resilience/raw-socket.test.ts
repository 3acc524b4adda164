/**
 * Bad input that only a raw socket can send (bad request lines, oversize headers: fetch will not send them and inject
 * never reaches the HTTP parser): what the parser refuses is answered with a 4xx carrying the spec's ErrorResponse, not
 * Node's bodiless 400 or fastify's own body; malformed paths keep the order of refusals (edge filter, 401 without a
 * credential, then 400 or 414); and after all of it the gateway still serves a normal request on a fresh connection.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PARAM_LENGTH } from "../../gateway/http/framework-refusals.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { fillAnalysts } from "../mcp/harness.js";
import { errorResponseProblem, parseJson } from "./error-shapes.js";
import { rawExchange, type RawResponse } from "./raw-http.js";

let gw: TestGateway;
let port: number;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ fill: fillAnalysts });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  port = (gw.app.server.address() as { port: number }).port;
  key = await gw.key(["analysts:read"]);
});
afterAll(() => gw?.close());

const send = (request: string | Buffer) => rawExchange(port, request);
const get = (target: string, headers: string[] = []) =>
  send([`GET ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headers, "", ""].join("\r\n"));

function expectRefusal(res: RawResponse, status: number, error?: RegExp) {
  expect(res.status).toBe(status);
  const parsed = parseJson(res.body);
  expect(parsed.ok, res.body).toBe(true);
  expect(errorResponseProblem(parsed.ok ? parsed.value : null)).toBeNull();
  if (error) expect((parsed as { value: { error: string } }).value.error).toMatch(error);
}

describe("what the HTTP parser refuses carries an ErrorResponse", () => {
  it.each([
    ["a request line that is not HTTP", "GARBAGE\r\n\r\n", 400, /malformed/],
    ["an unknown method", "BREW / HTTP/1.1\r\nHost: x\r\n\r\n", 400, /method/],
    ["an invalid HTTP version", "GET / HTTP/9.9\r\nHost: x\r\n\r\n", 400, /version|malformed/],
    ["a space in the header name", "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400, /header|malformed/],
    ["a NUL in a header value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n", 400, /header|malformed/],
    [
      "a control character in the request target",
      "GET /api/v1/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n",
      400,
      /request target|malformed/,
    ],
    [
      "Content-Length and Transfer-Encoding together",
      "POST /api/v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      400,
      /Content-Length|Transfer-Encoding|malformed/,
    ],
    [
      "a chunk size that is not hex",
      "POST /api/v1/search HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
      400,
      /chunk|malformed/,
    ],
    [
      "a Content-Length that is not a number",
      "POST /api/v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n",
      400,
      /Content-Length|malformed/,
    ],
  ])("%s: 400", async (_what, request, status, error) => {
    expectRefusal(await send(request), status, error);
  });

  it("headers over the size limit: 431", async () => {
    expectRefusal(await get("/api/v1/meta", [`X-Filler: ${"f".repeat(64 * 1024)}`]), 431, /headers too large/);
  });

  it("an HTTP/1.1 request without Host: 400 naming it", async () => {
    expectRefusal(await send("GET /api/v1/meta HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, /missing Host/);
  });

  it("HTTP/1.0 needs no Host", async () => {
    const res = await send("GET /api/v1/meta HTTP/1.0\r\n\r\n");
    expect(res.status).toBe(200);
  });
});

describe("malformed paths keep the order of refusals", () => {
  const bad = "/api/v1/analysts/%E0%A4%A";
  const long = `/api/v1/analysts/${"a".repeat(MAX_PARAM_LENGTH + 1)}`;

  it("a path segment that does not percent-decode: 401 without a key, 400 with one", async () => {
    expectRefusal(await get(bad), 401, /missing API key/);
    expectRefusal(await get(bad, [`X-API-Key: ${key}`]), 400, /percent-encoded/);
  });

  it("a path parameter over the router's limit: 401 without a key, 414 with one", async () => {
    expectRefusal(await get(long), 401, /missing API key/);
    expectRefusal(await get(long, [`X-API-Key: ${key}`]), 414, /too long/);
  });

  it("an id up to the services' own limit reaches the service: 404, not 414", async () => {
    expectRefusal(await get(`/api/v1/analysts/${"a".repeat(200)}`, [`X-API-Key: ${key}`]), 404);
  });

  it("the edge filter still answers first, bodiless", async () => {
    const res = await get(bad, ["User-Agent: Python-urllib/3.12"]);
    expect(res.status).toBe(403);
    expect(res.body).toBe("");
  });

  it.each([
    ["*"],
    ["http://evil.example/api/v1/analysts"],
    ["/api/v1/analysts/\u00ff"],
    ["//api//v1//analysts"],
    ["/api/v1/analysts/..%2F..%2Fmeta"],
  ])("request target %s: a 4xx with an ErrorResponse or served, never a 5xx", async (target) => {
    const res = await send(
      Buffer.from(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nConnection: close\r\n\r\n`,
        "latin1",
      ),
    );
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(errorResponseProblem(JSON.parse(res.body))).toBeNull();
  });
});

describe("afterwards", () => {
  it("a truncated body and a vanished client leave the gateway serving", async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => {
        socket.write(
          `POST /api/v1/search HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":`,
        );
        setTimeout(() => (socket.destroy(), resolve()), 100);
      });
    });
    const res = await get("/api/v1/analysts", [`X-API-Key: ${key}`]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).count).toBe(2);
  });
});
