/**
 * The served OpenAPI document against Spectral's OWASP API security ruleset (.spectral.yaml: the ruleset from npm,
 * pinned, run offline), served as deployed (an https public base): no error, and the rules this repository adds
 * can fail. What the document declares of inputs the gateway enforces: a value past its maxLength is a 400.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { MAX_INPUT_CHARS } from "./input-bounds.js";

const run = promisify(execFile);
const SPECTRAL = join(process.cwd(), "node_modules", ".bin", "spectral");
const RULESET = join(process.cwd(), ".spectral.yaml");

interface Finding {
  code: string;
  severity: number;
  path: string[];
  message: string;
}

let gw: TestGateway;
let doc: any;
let dir: string;
beforeAll(async () => {
  gw = await startTestGateway({ env: { PUBLIC_BASE_URL: "https://research.example.org" } });
  const res = await gw.app.inject({ url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = JSON.parse(res.body);
  dir = mkdtempSync(join(tmpdir(), "openapi-owasp-"));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await gw?.close();
});

async function spectral(document: unknown): Promise<Finding[]> {
  const file = join(dir, `openapi-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document));
  const { stdout } = await run(SPECTRAL, ["lint", file, "--ruleset", RULESET, "--format", "json", "--quiet"], {
    env: { ...process.env, NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e) => e as { stdout: string });
  return JSON.parse(stdout) as Finding[];
}

const count = (findings: Finding[]) =>
  Object.entries(
    findings.reduce<Record<string, number>>(
      (n, f) => ((n[`${f.code} (${f.severity})`] = (n[`${f.code} (${f.severity})`] ?? 0) + 1), n),
      {},
    ),
  ).sort();

describe("Spectral's OWASP API security ruleset", () => {
  it("finds no error in the served document; the warnings left are strings without a pattern and three kinds of notes", async () => {
    const findings = await spectral(doc);
    const errors = findings.filter((f) => f.severity === 0);
    expect(errors, JSON.stringify(errors.slice(0, 5), null, 1)).toEqual([]);
    // Severity 1 is a warning: a string without format or pattern says nothing unsafe; public meta has no security.
    expect(count(findings).map(([code]) => code)).toEqual([
      "owasp:api2:2023-read-restricted (1)",
      "owasp:api4:2023-string-restricted (1)",
      "owasp:api8:2023-define-error-responses-401 (1)",
      "owasp:api8:2023-define-error-validation (1)",
    ]);
  });

  it("fails a document whose input string has no bound, whose answer lacks the rate-limit headers or whose server is http", async () => {
    const broken = structuredClone(doc);
    const series = broken.paths["/api/v1/portfolios/{portfolioId}/series"].get;
    delete series.parameters.find((p: { name: string }) => p.name === "from").schema.maxLength;
    delete series.responses["200"].headers.RateLimit;
    broken.servers[0].url = "http://research.example.org";
    const errors = (await spectral(broken)).filter((f) => f.severity === 0);
    expect(errors.map((f) => [f.code, f.path.slice(0, 4).join(" ")]).sort()).toEqual([
      ["input-string-limit", "paths /api/v1/portfolios/{portfolioId}/series get parameters"],
      ["owasp:api4:2023-rate-limit", "paths /api/v1/portfolios/{portfolioId}/series get responses"],
      ["owasp:api8:2023-no-server-http", "servers 0 url"],
    ]);
  });
});

describe("the input bounds the document declares", () => {
  it("are enforced: a query value past its maxLength is a 400 naming it", async () => {
    const key = await gw.key(["portfolios:read"]);
    const declared = doc.paths["/api/v1/portfolios/{portfolioId}/series"].get.parameters.find(
      (p: { name: string }) => p.name === "from",
    ).schema;
    expect(declared.maxLength).toBe(MAX_INPUT_CHARS);
    const res = await gw.app.inject({
      url: `/api/v1/portfolios/p-alpha/series?from=${"9".repeat(MAX_INPUT_CHARS + 1)}`,
      headers: { "x-api-key": key },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/from/);
  });

  it("declare RateLimit, RateLimit-Policy and X-Request-Id on every answer, and a 500 and a 503 on every operation", () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>))
      for (const [method, op] of Object.entries(ops)) {
        expect([path, method, Object.keys(op.responses).filter((s) => s === "500" || s === "503")]).toEqual([
          path,
          method,
          ["500", "503"],
        ]);
        for (const [status, answer] of Object.entries(op.responses as Record<string, any>)) {
          if (answer.$ref) continue;
          expect([path, status, Object.keys(answer.headers)]).toEqual([
            path,
            status,
            expect.arrayContaining(["RateLimit", "RateLimit-Policy", "X-Request-Id"]),
          ]);
        }
      }
  });
});
