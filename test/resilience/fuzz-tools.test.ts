/**
 * Bad input on the tool endpoint (POST /api/mcp): a property-based fuzz over every tool of the registry with
 * arguments derived from its inputSchema and then broken (wrong types, out-of-range and overlong values, unknown
 * keys, deep nesting), and over the JSON-RPC envelope and transport (ids, methods, params, batches, bodies that are
 * not JSON, BOMs, odd content types and protocol versions, every credential kind and malformed ones). Every answer is
 * below 500; a JSON-RPC error carries its category and is never an internal error; an HTTP refusal is an
 * ErrorResponse or a JSON-RPC error envelope; the endpoint still serves a normal call afterwards.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_ERROR } from "../../gateway/mcp/json-rpc.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import {
  answerProblem,
  failureEnvelope,
  jsonRpcErrorProblem,
  jsonRpcResultProblem,
  parseJson,
} from "./error-shapes.js";
import { startFuzzGateway, type FuzzGateway } from "./fuzz-gateway.js";
import { body as junkBody, contentType } from "./fuzz-inputs.js";
import { runFuzz } from "./run-fuzz.js";
import { knownValues, toolArguments, type Known } from "./tool-arguments.js";

let gw: FuzzGateway;
let known: Known;
beforeAll(async () => {
  gw = await startFuzzGateway();
  known = await knownValues(gw.db.owner);
});
afterAll(() => gw?.close());

const id = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 1e6 }) },
  { weight: 2, arbitrary: fc.constantFrom("a", "", 1.5, null, {}, [], -0, 2 ** 60, "x".repeat(5000)) },
);

function envelope(tools: typeof TOOLS) {
  const call = fc
    .constantFrom(...tools)
    .chain((tool) => fc.record({ id, name: fc.constant(tool.name), args: toolArguments(tool, known) }))
    .map(({ id, name, args }) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }));
  const odd = fc.oneof(
    fc.record(
      {
        jsonrpc: fc.constant("2.0"),
        id,
        method: fc.constantFrom(
          "tools/list",
          "ping",
          "initialize",
          "resources/list",
          "",
          "tools/call ",
          "TOOLS/LIST",
          "__proto__",
        ),
        params: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
      },
      { requiredKeys: ["jsonrpc", "method"] },
    ),
    fc.record(
      {
        jsonrpc: fc.constantFrom("2.0", "1.0", 2, null),
        method: fc.constant("tools/call"),
        params: fc.record({
          name: fc.oneof(fc.constantFrom(...tools.map((t) => t.name)), fc.string(), fc.constant(7)),
          arguments: fc.constant({}),
        }),
      },
      { requiredKeys: [] },
    ),
    fc.record({
      jsonrpc: fc.constant("2.0"),
      id,
      method: fc.constant("initialize"),
      params: fc.record({
        protocolVersion: fc.oneof(fc.constantFrom("2025-06-18", "2024-01-01"), fc.jsonValue({ maxDepth: 1 })),
      }),
    }),
    fc.record({
      jsonrpc: fc.constant("2.0"),
      id,
      method: fc.constantFrom(
        "resources/read",
        "resources/list",
        "resources/templates/list",
        "prompts/list",
        "prompts/get",
        "completion/complete",
      ),
      params: fc.oneof(
        fc.record({
          uri: fc.oneof(
            fc.constantFrom(
              "institute://memory",
              "institute://reports/daily/2026-11-20",
              "institute://reports/daily/%zz",
              "institute://whiteboard/cards/x/report?lang=fr&lang=en",
              "institute://portfolios/",
            ),
            fc.string(),
          ),
        }),
        fc.record({ cursor: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })) }),
        fc.record({
          name: fc.constantFrom("morning_brief", "review_portfolio", "verify_claim", "thread_digest", "nope"),
          arguments: fc.oneof(
            fc.dictionary(fc.constantFrom("date", "lang", "portfolio_id", "claim", "board_id", "x"), fc.string()),
            fc.jsonValue({ maxDepth: 1 }),
          ),
        }),
        fc.record({
          ref: fc.oneof(
            fc.record({
              type: fc.constant("ref/prompt"),
              name: fc.constantFrom("morning_brief", "thread_digest", "x"),
            }),
            fc.record({
              type: fc.constant("ref/resource"),
              uri: fc.constantFrom(
                "institute://portfolios/{portfolio_id}",
                "institute://whiteboard/cards/{card_id}/report{?lang}",
                "x",
              ),
            }),
            fc.jsonValue({ maxDepth: 1 }),
          ),
          argument: fc.oneof(
            fc.record({
              name: fc.constantFrom("date", "lang", "portfolio_id", "card_id", "board_id"),
              value: fc.string(),
            }),
            fc.jsonValue({ maxDepth: 1 }),
          ),
          context: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
        }),
      ),
    }),
    fc.record({ jsonrpc: fc.constant("2.0"), id, result: fc.jsonValue({ maxDepth: 1 }) }),
    fc.array(fc.constant({ jsonrpc: "2.0", id: 1, method: "ping" }), { maxLength: 3 }),
  );
  return fc.oneof({ weight: 8, arbitrary: call }, { weight: 2, arbitrary: odd });
}

/** The raw body: the envelope as JSON, sometimes with a BOM or other bytes, sometimes not JSON at all. */
function rawBody(tools: typeof TOOLS) {
  return fc.oneof(
    { weight: 9, arbitrary: envelope(tools).map((e) => JSON.stringify(e)) },
    { weight: 1, arbitrary: envelope(tools).map((e) => `\uFEFF${JSON.stringify(e)}`) },
    { weight: 1, arbitrary: junkBody },
  );
}

function credentials() {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ "x-api-key": gw.allKey }) },
    { weight: 2, arbitrary: fc.constantFrom({ authorization: `Bearer ${gw.peerKey}` }, { "x-api-key": gw.peerKey }) },
    { weight: 1, arbitrary: fc.constant({ "x-api-key": gw.narrowKey }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {},
        { authorization: "Bearer" },
        { authorization: "Bearer sk_ins_x" },
        { authorization: `Bearer ${"a".repeat(5000)}` },
        { "x-api-key": "nope" },
        { authorization: "Basic Zm9vOmJhcg==" },
      ),
    },
  );
}

function extraHeaders() {
  return fc
    .record(
      {
        "content-type": fc.oneof(
          { weight: 9, arbitrary: fc.constant("application/json") },
          { weight: 2, arbitrary: contentType },
        ),
        "mcp-protocol-version": fc.constantFrom("2025-06-18", "2025-03-26", "2025-11-25", "1999-01-01", "", "x"),
        origin: fc.constantFrom("http://127.0.0.1:5173", "https://evil.example", "null"),
        host: fc.constantFrom("127.0.0.1", "evil.example", "localhost:1"),
        accept: fc.constantFrom("application/json, text/event-stream", "text/html", "*/*"),
        "user-agent": fc.constantFrom("Python-urllib/3.11", "mcp-client/1"),
        "x-mcp-toolsets": fc.constantFrom("reports", "bogus", "", "reports,,chain", "__proto__"),
      },
      { requiredKeys: ["content-type"] },
    )
    .chain((h) =>
      // Mostly a well-behaved transport, so that the calls reach the tools; sometimes every odd header at once.
      fc.integer({ min: 0, max: 9 }).map((n) => (n < 7 ? { "content-type": h["content-type"] } : h)),
    );
}

describe("tool endpoint fuzz", () => {
  it("draws calls of every tool of the registry, from ids the demo data holds", () => {
    const drawn = new Set(
      fc
        .sample(envelope(TOOLS), { numRuns: 4000, seed: 7 })
        .map((e) => (e as { params?: { name?: unknown } }).params?.name),
    );
    expect(TOOLS.map((t) => t.name).filter((name) => !drawn.has(name))).toEqual([]);
    expect(known.all.length).toBeGreaterThan(20);
  });

  it("answers every malformed call below 500, every error in the JSON-RPC or ErrorResponse shape, none internal", async () => {
    const outcomes = { results: 0, errors: 0 };
    const called = new Set<string>();
    const request = fc.record({
      body: rawBody(TOOLS),
      creds: credentials(),
      headers: extraHeaders(),
      method: fc.oneof(
        { weight: 20, arbitrary: fc.constant("POST") },
        { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "OPTIONS") },
      ),
    });
    await runFuzz(
      fc.asyncProperty(request, async (r) => {
        const headers = { ...r.headers, ...r.creds } as Record<string, string>;
        const res = await gw.app.inject({
          method: r.method as "POST",
          url: "/api/mcp",
          headers,
          payload: r.method === "GET" ? undefined : r.body,
        });
        const answer = { status: res.statusCode, headers: res.headers, body: res.body };
        const what = `${r.method} ${String(r.body).slice(0, 300)} [${JSON.stringify(headers).slice(0, 200)}]`;
        const edgeBlocked = (headers["user-agent"] ?? "").startsWith("Python-urllib/");
        const problem =
          r.method === "OPTIONS" && answer.status === 204 ? null : answerProblem(answer, "tool", edgeBlocked);
        if (problem) throw new Error(`${what} -> ${problem}`);
        if (answer.status !== 200) return;
        const name = /"name":"([a-z_]+)"/.exec(String(r.body))?.[1];
        if (name) called.add(name);
        const parsed = parseJson(answer.body);
        if (!parsed.ok) throw new Error(`${what} -> 200 that is not JSON`);
        const envelope = parsed.value as { error?: { code: number } };
        const failure = failureEnvelope(envelope) as { error?: { code: number } } | null;
        if (failure) {
          const shape = jsonRpcErrorProblem(failure);
          if (shape) throw new Error(`${what} -> ${shape}: ${answer.body.slice(0, 300)}`);
          if (failure.error!.code === INTERNAL_ERROR)
            throw new Error(`${what} -> internal error: ${answer.body.slice(0, 300)}`);
          outcomes.errors++;
        } else {
          const shape = jsonRpcResultProblem(envelope);
          if (shape) throw new Error(`${what} -> ${shape}`);
          outcomes.results++;
        }
      }),
      2500,
    );
    // The fuzz went past the transport: tools ran and answered, and refused with tool errors.
    expect(outcomes.results).toBeGreaterThan(100);
    expect(TOOLS.filter((t) => !called.has(t.name)).map((t) => t.name)).toEqual([]);
    expect(outcomes.errors).toBeGreaterThan(200);
  }, 150_000);

  it("is still healthy: a normal call succeeds", async () => {
    const res = await gw.app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { "content-type": "application/json", "x-api-key": gw.allKey },
      payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "analysts_list", arguments: {} } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.structuredContent).toBeDefined();
  });
});
