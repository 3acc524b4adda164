/** CORS, Origin and Host checks of /api/mcp over real HTTP (the MCP transport's DNS-rebinding protection). */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveGateway, type LiveGateway } from "./harness.js";

let gw: LiveGateway;
let key: string;
beforeAll(async () => {
  gw = await startLiveGateway({
    env: { MCP_ALLOWED_ORIGINS: "https://inspector.example.org, http://tools.example.com:6274" },
  });
  key = await gw.key(["viewer:read"]);
});
afterAll(() => gw?.close());

/** fetch cannot set Host: a raw request can. */
function rawPost(headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown> }> {
  const url = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
  });
}

describe("allowed origins", () => {
  it("answers a preflight from a configured origin without a credential", async () => {
    const res = await fetch(gw.url, {
      method: "OPTIONS",
      headers: {
        origin: "https://inspector.example.org",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://inspector.example.org");
    expect(res.headers.get("access-control-allow-methods")).toBe("POST");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Mcp-Protocol-Version/);
  });

  it("exposes WWW-Authenticate on the 401, so a browser client can start OAuth discovery", async () => {
    const res = await gw.post({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin: "http://tools.example.com:6274" });
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://tools.example.com:6274");
    expect(res.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    expect(res.headers.get("access-control-expose-headers")).toContain("Mcp-Protocol-Version");
    expect(res.headers.get("vary")).toContain("Origin");
  });

  it("serves an allowed origin, and loopback origins while bound to loopback", async () => {
    for (const origin of ["https://inspector.example.org", "http://localhost:6274", "http://127.0.0.1:3000", gw.base]) {
      const res = await gw.post({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin, "x-api-key": key });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    }
  });
});

describe("refused origins and hosts", () => {
  it("answers 403 to any other Origin, with or without a credential, and to its preflight", async () => {
    for (const origin of [
      "https://evil.example.com",
      "null",
      "https://inspector.example.org.evil.com",
      "http://inspector.example.org",
    ]) {
      for (const headers of [{ origin }, { origin, "x-api-key": key }] as Record<string, string>[]) {
        const res = await gw.post({ jsonrpc: "2.0", id: 1, method: "ping" }, headers);
        expect(res.status, origin).toBe(403);
        expect(res.headers.get("access-control-allow-origin")).toBeNull();
        expect(((await res.json()) as any).error).toBe(`origin not allowed: ${origin}`);
      }
    }
    const preflight = await fetch(gw.url, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example.com", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(403);
  });

  it("checks the Origin on a percent-encoded path to the endpoint too", async () => {
    const res = await fetch(`${gw.base}/api/%6Dcp`, {
      method: "POST",
      headers: { origin: "https://evil.example.com", "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(res.status).toBe(403);
  });

  it("refuses a foreign Host while bound to loopback (DNS rebinding), and accepts loopback names", async () => {
    for (const host of ["evil.example.com", "evil.example.com:80", "10.0.0.1"]) {
      expect((await rawPost({ host, "x-api-key": key })).status, host).toBe(403);
    }
    for (const host of ["localhost", "127.0.0.1:9", "[::1]:8080", "localhost:1234"]) {
      expect((await rawPost({ host, "x-api-key": key })).status, host).toBe(200);
    }
  });

  it("lets browsers read the public discovery documents from anywhere", async () => {
    for (const path of ["/.well-known/oauth-protected-resource", "/api/contract"]) {
      const res = await fetch(`${gw.base}${path}`, { headers: { origin: "https://anyone.example.net" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    const preflight = await fetch(`${gw.base}/.well-known/oauth-protected-resource`, {
      method: "OPTIONS",
      headers: {
        origin: "https://anyone.example.net",
        "access-control-request-method": "GET",
        "access-control-request-headers": "mcp-protocol-version",
      },
    });
    expect(preflight.status).toBe(204);
  });
});
