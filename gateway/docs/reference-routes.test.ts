/**
 * GET /docs and its assets through the gateway: public, everything from this origin (no CDN address anywhere in the
 * page, a CSP that allows only 'self'), the renderer pointed at the served OpenAPI document, unknown files 404.
 * The browser test (test/browser/docs-page.test.ts) checks that it really renders every operation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw?.close());

describe("GET /docs", () => {
  it("is public HTML that loads its assets from /docs/ only, under a same-origin CSP", async () => {
    const res = await gw.app.inject({ url: "/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("connect-src 'self'");
    expect(res.body).not.toMatch(/https?:\/\//);
    const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs).toEqual([
      "/docs/swagger-ui.css",
      "/docs/favicon-32x32.png",
      "/api/openapi.json",
      "/docs/swagger-ui-bundle.js",
      "/docs/reference.js",
    ]);
  });

  it("serves each asset with its type and a strong ETag, and 304 on a match", async () => {
    const types: Record<string, string> = {
      "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
      "swagger-ui.css": "text/css; charset=utf-8",
      "favicon-32x32.png": "image/png",
      "reference.js": "application/javascript; charset=utf-8",
    };
    for (const [name, type] of Object.entries(types)) {
      const res = await gw.app.inject({ url: `/docs/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(res.rawPayload.length).toBeGreaterThan(100);
      const again = await gw.app.inject({
        url: `/docs/${name}`,
        headers: { "if-none-match": res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
  });

  it("starts the renderer on the served document, without the remote validator badge", async () => {
    const script = (await gw.app.inject({ url: "/docs/reference.js" })).body;
    expect(script).toContain('url: "/api/openapi.json"');
    expect(script).toContain("validatorUrl: null");
  });

  it("answers 404 with an ErrorResponse for any other file, without a key", async () => {
    for (const name of ["index.html", "swagger-initializer.js", "..%2Fpackage.json", "swagger-ui-bundle.js.map"]) {
      const res = await gw.app.inject({ url: `/docs/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error).toMatch(/^no such file: \/docs\//);
    }
  });
});
