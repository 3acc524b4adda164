import { request as http1Request } from "node:http";
import { connect as h2cConnect } from "node:http2";
import { connect as tcpConnect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { http1AndH2cServer, protocolOf } from "./http1-and-h2c-server.js";

const PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server answering every request with its protocol version and path. */
async function serve(options = { idleTimeoutMs: 5_000, firstBytesTimeoutMs: 5_000 }) {
  const server = http1AndH2cServer((req, res) => {
    res.setHeader("content-type", "text/plain");
    res.end(`${req.httpVersion} ${req.method} ${req.url}`);
  }, options);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  close = () =>
    new Promise<void>((resolve) => {
      server.closeHttp2Sessions();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { server, port };
}

function getHttp1(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http1Request({ port, host: "127.0.0.1", path, method: "GET", agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function getH2c(port: number, paths: string[]): Promise<string[]> {
  const session = h2cConnect(`http://127.0.0.1:${port}`);
  return Promise.all(
    paths.map(
      (path) =>
        new Promise<string>((resolve, reject) => {
          const stream = session.request({ ":path": path });
          let body = "";
          stream.setEncoding("utf8");
          stream.on("data", (c: string) => (body += c));
          stream.on("end", () => resolve(body));
          stream.on("error", reject);
        }),
    ),
  ).finally(() => session.close());
}

/** Writes raw bytes, in the pieces given, and reads until the server closes or `untilBytes` arrive. */
function raw(port: number, pieces: string[], untilBytes = Infinity): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(port, "127.0.0.1");
    let got = "";
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => {
      got += c;
      if (got.length < untilBytes) return;
      socket.destroy();
      resolve(got);
    });
    socket.on("close", () => resolve(got));
    socket.on("error", reject);
    socket.on("connect", async () => {
      for (const piece of pieces) {
        socket.write(piece);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
  });
}

describe("protocolOf", () => {
  it("tells the HTTP/2 preface from an HTTP/1.1 request, and waits while a prefix of it could be either", () => {
    expect(protocolOf(Buffer.from(PREFACE))).toBe("h2c");
    expect(protocolOf(Buffer.from(PREFACE + "\x00\x00\x12\x04"))).toBe("h2c");
    expect(protocolOf(Buffer.from("PRI * HTTP/2"))).toBeUndefined();
    expect(protocolOf(Buffer.from("P"))).toBeUndefined();
    expect(protocolOf(Buffer.from("POST / HTTP/1.1\r\n"))).toBe("http1");
    expect(protocolOf(Buffer.from("GET / HTTP/1.1\r\n"))).toBe("http1");
    expect(protocolOf(Buffer.from("PRI * HTTP/1.1\r\n\r\n"))).toBe("http1");
  });
});

describe("http1AndH2cServer", () => {
  it("answers HTTP/1.1 and HTTP/2 on the same port, with the same handler", async () => {
    const { port } = await serve();
    expect(await getHttp1(port, "/one")).toEqual({ status: 200, body: "1.1 GET /one" });
    expect(await getH2c(port, ["/a", "/b", "/c"])).toEqual(["2.0 GET /a", "2.0 GET /b", "2.0 GET /c"]);
    expect(await getHttp1(port, "/two")).toEqual({ status: 200, body: "1.1 GET /two" });
  });

  it("keeps an HTTP/1.1 connection for several requests", async () => {
    const { port } = await serve();
    const request = "GET /k HTTP/1.1\r\nHost: x\r\n\r\n";
    const last = "GET /k HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const answer = await raw(port, [request, last]);
    expect(answer.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(answer.match(/1\.1 GET \/k/g)).toHaveLength(2);
  });

  it("reads a request whose first bytes arrive a few at a time, in either protocol", async () => {
    const { port } = await serve();
    // "P", then "OST": a prefix of the preface, then not.
    const http1 = await raw(port, [
      "P",
      "OST /split HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    ]);
    expect(http1).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(http1).toMatch(/1\.1 POST \/split$/);
    // The preface in three pieces, then an empty SETTINGS frame: the server answers with its own SETTINGS frame
    // (type 4 in the fourth byte of the frame header).
    const settings = "\x00\x00\x00\x04\x00\x00\x00\x00\x00";
    const h2 = await raw(port, [PREFACE.slice(0, 3), PREFACE.slice(3, 10), PREFACE.slice(10) + settings], 9);
    expect(h2.charCodeAt(3)).toBe(4);
  });

  it("answers 400 to bytes that are neither, and closes a connection that sends nothing in time", async () => {
    const { port } = await serve({ idleTimeoutMs: 5_000, firstBytesTimeoutMs: 100 });
    expect(await raw(port, ["\x16\x03\x01 not a request\r\n\r\n"])).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const started = Date.now();
    expect(await raw(port, [])).toBe("");
    expect(Date.now() - started).toBeLessThan(2_000);
    // Still serving.
    expect(await getHttp1(port, "/after")).toEqual({ status: 200, body: "1.1 GET /after" });
  });

  it("survives a connection reset before or after its first bytes", async () => {
    const { port } = await serve();
    for (const pieces of [[], ["PRI * HT"], ["GET / HT"]]) {
      await new Promise<void>((resolve) => {
        const socket = tcpConnect(port, "127.0.0.1", () => {
          for (const p of pieces) socket.write(p);
          setTimeout(() => socket.resetAndDestroy(), 20);
        });
        socket.on("error", () => {});
        socket.on("close", () => resolve());
      });
    }
    expect(await getHttp1(port, "/alive")).toEqual({ status: 200, body: "1.1 GET /alive" });
    expect(await getH2c(port, ["/alive"])).toEqual(["2.0 GET /alive"]);
  });
});
