/**
 * Bad input on the REST surface (DESIGN §8: "no input, however malformed, produces a 5xx"): a property-based fuzz over
 * every route the gateway publishes in its OpenAPI document, with malformed paths, queries, headers, bodies and
 * encodings. Every answer is below 500; every refusal is a 4xx carrying the spec's ErrorResponse (the edge filter's 403
 * is bodiless); the gateway still serves a normal request afterwards.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerProblem } from "./error-shapes.js";
import { runFuzz } from "./run-fuzz.js";
import { knownValues, type Known } from "./tool-arguments.js";
import { startFuzzGateway, type CatalogRoute, type FuzzGateway } from "./fuzz-gateway.js";
import { body, otherMethod, queryString, requestHeaders, segment } from "./fuzz-inputs.js";

let gw: FuzzGateway;
let known: Known;
beforeAll(async () => {
  gw = await startFuzzGateway();
  known = await knownValues(gw.db.owner);
});
afterAll(() => gw?.close());

/** A path parameter: half the time a value that exists (so handlers run on real rows), else a fuzzed segment. */
function paramValue(name: string) {
  const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const existing = known.byName.get(snake) ?? [];
  return existing.length ? fc.oneof(fc.constantFrom(...existing.map(encodeURIComponent)), segment) : segment;
}

/** A path built from a route template with every parameter replaced by a fuzzed segment, sometimes mangled further. */
function pathFor(route: CatalogRoute) {
  const filled = fc.tuple(...route.pathParams.map(paramValue)).map((values) => {
    let i = 0;
    return route.path.replace(/\{[^}]+\}/g, () => values[i++]!);
  });
  return fc.oneof(
    { weight: 8, arbitrary: filled },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          filled,
          fc.constantFrom(
            "/",
            "//",
            "/..",
            "/%2e%2e/meta",
            "/extra/segment",
            ";jsessionid=1",
            "%00",
            "%",
            "#frag",
            "/%zz",
          ),
        )
        .map(([p, s]) => p + s),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(filled, fc.constantFrom("/api/v%31", "//api/v1", "/API/V1", "/api/v1/."))
        .map(([p, prefix]) => p.replace("/api/v1", prefix)),
    },
  );
}

function headProblem(status: number, edgeBlocked: boolean): string | null {
  if (status >= 500) return `status ${status}`;
  return edgeBlocked && status !== 403 ? `edge filter: expected 403, got ${status}` : null;
}

async function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: string | Buffer | undefined,
) {
  const res = await gw.app.inject({ method: method as "GET", url, headers, payload });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

describe("REST fuzz", () => {
  it("covers every published route", () => {
    expect(gw.routes.length).toBeGreaterThanOrEqual(21);
    expect(gw.routes.map((r) => `${r.method} ${r.path}`)).toContain("POST /api/v1/search");
  });

  it("answers every malformed request below 500, each refusal with an ErrorResponse", async () => {
    const statuses = new Map<number, number>();
    const reached = new Set<string>();
    const goodKeys = [gw.allKey, gw.allKey, gw.allKey, gw.narrowKey];
    const request = fc.constantFrom(...gw.routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        method: fc.oneof({ weight: 6, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: otherMethod }),
        path: pathFor(route),
        query: queryString(route.queryParams.map((q) => q.name)),
        headers: requestHeaders({ goodKeys }),
        payload: route.hasBody
          ? body
          : fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: body }),
      }),
    );
    await runFuzz(
      fc.asyncProperty(request, async (r) => {
        const url = r.query ? `${r.path}?${r.query}` : r.path;
        const answer = await send(
          r.method,
          url,
          r.headers,
          r.method === "GET" || r.method === "HEAD" ? undefined : r.payload,
        );
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status < 400 || (answer.status === 404 && !answer.body.includes("no such route")))
          reached.add(`${r.route.method} ${r.route.path}`);
        const edgeBlocked = (r.headers["user-agent"] ?? "").startsWith("Python-urllib/");
        // A HEAD answer has no body to check: only its status.
        const problem =
          r.method === "HEAD" ? headProblem(answer.status, edgeBlocked) : answerProblem(answer, "rest", edgeBlocked);
        if (problem) throw new Error(`${r.method} ${url.slice(0, 300)} -> ${problem}`);
      }),
      2500,
    );
    // The fuzz reached every layer: the edge, authentication, scopes, validation, routing and the services.
    const seen = [...statuses.keys()];
    expect(seen).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 405]));
    expect(statuses.get(200)!).toBeGreaterThan(100);
    // Every route's handler ran at least once (answered, or 404 from its service).
    expect(gw.routes.map((r) => `${r.method} ${r.path}`).filter((r) => !reached.has(r))).toEqual([]);
  }, 120_000);

  it("is still healthy: a normal request succeeds", async () => {
    const res = await gw.app.inject({ method: "GET", url: "/api/v1/analysts", headers: { "x-api-key": gw.allKey } });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(0);
  });
});
