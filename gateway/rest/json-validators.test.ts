/**
 * Validators on JSON reads, over the demo dataset: every JSON GET the OpenAPI document lists sends a strong ETag (the
 * body's SHA-256) and answers a matching If-None-Match with a bodiless 304; errors, POST and fleet-health get none;
 * a changed row changes the tag; the document describes exactly what is sent.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRequests, sampleIds, type RestRequest, type SampleIds } from "../../test/cluster/sample-requests.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { seedDemoData } from "../../demo-data/index.js";

const AS_OF = Date.parse("2026-11-20T10:00:00Z");

let gw: TestGateway;
let key: string;
let ids: SampleIds;
let operations: Record<
  string,
  Record<
    string,
    { parameters: { name: string; in: string }[]; responses: Record<string, { headers?: object; content?: object }> }
  >
>;

beforeAll(async () => {
  gw = await startTestGateway({
    now: () => AS_OF,
    fill: async (db) => void (await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF })),
  });
  key = await gw.key([...ALL_SCOPES]);
  ids = await sampleIds(gw.db.owner);
  operations = (await gw.app.inject({ url: "/api/openapi.json" })).json().paths;
}, 180_000);
afterAll(() => gw?.close());

const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  gw.app.inject({ method, url, headers: { "x-api-key": key, ...headers } });

const sha256Tag = (body: string) => `"${createHash("sha256").update(body).digest("hex")}"`;

/** The GET routes whose 200 is JSON, as the document lists them. */
const jsonGets = () =>
  Object.entries(operations)
    .filter(([, ops]) => ops.get?.responses["200"]?.content && "application/json" in ops.get.responses["200"].content)
    .map(([path]) => path);

describe("JSON reads carry validators", () => {
  it("every JSON GET of the document answers 200 with the body's ETag and 304 to it", async () => {
    const routes = jsonGets();
    expect(routes.length).toBe(19);
    const requests = restRequests(ids);
    for (const route of routes) {
      const samples = requests.filter((r: RestRequest) => r.method === "GET" && r.route === route);
      expect(samples.length, route).toBeGreaterThan(0);
      let served = 0;
      for (const { url } of samples) {
        const first = await get(url);
        if (first.statusCode !== 200) {
          expect(first.headers.etag, url).toBeUndefined();
          continue;
        }
        served++;
        const etag = first.headers.etag as string;
        expect(etag, url).toBe(sha256Tag(first.body));
        expect(first.headers["cache-control"], url).toBe("private, no-cache");
        for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
          const again = await get(url, { "if-none-match": condition });
          expect(again.statusCode, `${url} ${condition}`).toBe(304);
          expect(again.body, url).toBe("");
          expect(again.headers.etag, url).toBe(etag);
          expect(again.headers["cache-control"], url).toBe("private, no-cache");
          expect(again.headers["content-type"], url).toBeUndefined();
          expect(again.headers["content-length"], url).toBeUndefined();
        }
        const other = await get(url, { "if-none-match": `"${"0".repeat(64)}"` });
        expect(other.statusCode, url).toBe(200);
        expect(other.body, url).toBe(first.body);
        expect(other.headers.etag, url).toBe(etag);
      }
      expect(served, route).toBeGreaterThan(0);
    }
  });

  it("documents the ETag, the If-None-Match parameter and the 304 on exactly those routes", () => {
    const withJsonValidators = Object.entries(operations)
      .filter(
        ([, ops]) =>
          ops.get?.parameters.some((p) => p.name === "If-None-Match" && p.in === "header") &&
          "application/json" in (ops.get.responses["200"]?.content ?? {}),
      )
      .map(([path]) => path);
    expect(withJsonValidators).toEqual(jsonGets());
    for (const path of jsonGets()) {
      const { responses } = operations[path]!.get!;
      expect(responses["200"]!.headers, path).toEqual({
        ETag: { $ref: "#/components/headers/ETag" },
        "Cache-Control": { $ref: "#/components/headers/RevalidateCacheControl" },
        // What every answer carries (gateway/contract/openapi.ts).
        RateLimit: { $ref: "#/components/headers/RateLimit" },
        "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
        "X-Request-Id": { $ref: "#/components/headers/XRequestId" },
      });
      expect(responses["304"]!.headers, path).toEqual(responses["200"]!.headers);
    }
  });

  it("answers HEAD like GET without a body", async () => {
    const url = "/api/v1/analysts";
    const etag = (await get(url)).headers.etag as string;
    const head = await get(url, {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.etag).toBe(etag);
    const conditional = await get(url, { "if-none-match": etag }, "HEAD");
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe("");
    expect(conditional.headers.etag).toBe(etag);
    expect(conditional.headers["content-length"]).toBeUndefined();
  });

  it("changes the ETag when a row changes", async () => {
    const url = `/api/v1/analysts/${ids.analyst.analyst_id}`;
    const before = await get(url);
    await gw.db.owner.query("UPDATE catalog.analysts SET name_en = name_en || ' (renamed)' WHERE analyst_id = $1", [
      ids.analyst.analyst_id,
    ]);
    await gw.app.readCache?.settle();
    const after = await get(url, { "if-none-match": before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().name_en).toBe(`${before.json().name_en} (renamed)`);
    expect(after.headers.etag).toBe(sha256Tag(after.body));
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("answers without JSON validators", () => {
  it("keeps fleet-health no-store and without an ETag", async () => {
    const res = await get("/api/v1/reports/fleet-health/latest", { "if-none-match": "*" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(0);
  });

  it("gives POST and error answers none", async () => {
    const search = await gw.app.inject({
      method: "POST",
      url: "/api/v1/search",
      headers: { "x-api-key": key, "if-none-match": "*" },
      payload: { query: "rates", top_k: 2 },
    });
    expect(search.statusCode).toBe(200);
    expect(search.headers.etag).toBeUndefined();
    const missing = await get("/api/v1/factcards/no-such-card", { "if-none-match": "*" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const unauthenticated = await gw.app.inject({ url: "/api/v1/analysts", headers: { "if-none-match": "*" } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers.etag).toBeUndefined();
  });

  it("leaves the markdown routes' own validators as they were", async () => {
    const res = await get(`/api/v1/reports/daily/${ids.daily.date}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(sha256Tag(res.body));
    expect(res.headers["cache-control"]).toBe("private, max-age=60, must-revalidate");
    expect(res.headers["last-modified"]).toBeDefined();
  });
});
