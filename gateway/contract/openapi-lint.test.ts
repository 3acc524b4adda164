/**
 * The served OpenAPI document passes `redocly lint` with its recommended rules (the real linter from npm, run on the
 * bytes GET /api/openapi.json serves), and keeps what the linter cannot see: a summary and a tag on every operation,
 * the spec's resources as components referenced where they appear, markdown as text/markdown, validators and 304
 * on the conditional routes.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

const run = promisify(execFile);
/** The headers every answer declares (gateway/contract/openapi.ts). */
const EVERY_ANSWER = ["RateLimit", "RateLimit-Policy", "X-Request-Id"];
const REDOCLY = join(process.cwd(), "node_modules", ".bin", "redocly");
/** No usage telemetry, no update check: the test must not reach the network. */
const QUIET = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

let gw: TestGateway;
let body: string;
let doc: any;
let dir: string;
beforeAll(async () => {
  gw = await startTestGateway();
  const res = await gw.app.inject({ url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  body = res.body;
  doc = JSON.parse(body);
  dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await gw?.close();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

describe("the served OpenAPI document", () => {
  it("passes redocly lint (recommended rules) with no error", async () => {
    const file = join(dir, "openapi.json");
    writeFileSync(file, body);
    const { stdout } = await run(REDOCLY, ["lint", file, "--format=json", "--extends=recommended"], {
      env: QUIET,
    }).catch((e) => e as { stdout: string });
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: Array<{ ruleId: string; severity: string; message: string }>;
    };
    const errors = report.problems.filter((p) => p.severity === "error");
    expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The one warning left is the missing license: the service publishes no license for its API.
    expect(report.problems.map((p) => p.ruleId)).toEqual(["info-license"]);
  });

  it("gives every operation a summary, a declared tag and a 4xx answer", () => {
    const declared = new Set(doc.tags.map((t: { name: string }) => t.name));
    for (const { path, method, op } of operations()) {
      expect(op.summary, `${method} ${path}`).toMatch(/^[A-Z].{5,}/);
      expect(op.tags).toHaveLength(1);
      expect(declared.has(op.tags[0]), `${method} ${path} tag ${op.tags[0]}`).toBe(true);
      expect(op.responses["429"]).toEqual({ $ref: "#/components/responses/TooManyRequests" });
    }
  });

  it("names the spec's resources as components and references them instead of repeating them", () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      "ErrorResponse",
      "MetaResponse",
      "AnalystSummary",
      "AnalystDetail",
      "ThreadSummary",
      "ThreadDetail",
      "CardSummary",
      "TopicPoolEntry",
      "SimilarityLogEntry",
      "WeeklyIndex",
      "PortfolioMetrics",
      "LatestIndex",
      "SearchRequest",
      "SearchResponse",
      "FactCard",
      "SharedDataTopicsResponse",
      "TearSheet",
      "PortfolioSeries",
    ]) {
      expect(names, name).toContain(name);
    }
    const text = JSON.stringify(doc.paths);
    for (const name of names)
      expect(
        text.includes(`"#/components/schemas/${name}"`) ||
          JSON.stringify(doc.components).includes(`"#/components/schemas/${name}"`),
        name,
      ).toBe(true);
    // No path carries an inline copy of a component: the ErrorResponse body appears only as a $ref.
    expect(text).not.toContain('"granted"');
    expect(doc.paths["/api/v1/analysts/{analystId}"].get.responses["404"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ErrorResponse",
    });
    expect(doc.components.schemas.TearSheet.properties.metrics).toEqual({
      $ref: "#/components/schemas/PortfolioMetrics",
    });
  });

  it("serves markdown as text/markdown, with validators and a 304 where conditional GETs are answered", () => {
    const conditional = [
      "/api/v1/whiteboard/cards/{cardId}/report",
      "/api/v1/reports/daily/{date}",
      "/api/v1/reports/weekly/{date}/{analystId}",
    ];
    for (const path of [...conditional, "/api/v1/reports/fleet-health/latest"]) {
      const ok = doc.paths[path].get.responses["200"];
      expect(Object.keys(ok.content), path).toEqual(["text/markdown; charset=utf-8"]);
      expect(ok.content["text/markdown; charset=utf-8"].schema).toEqual({ type: "string" });
    }
    for (const path of conditional) {
      const op = doc.paths[path].get;
      expect(Object.keys(op.responses["304"].headers)).toEqual([
        "ETag",
        "Last-Modified",
        "Cache-Control",
        ...EVERY_ANSWER,
      ]);
      expect(op.responses["304"].content).toBeUndefined();
      expect(Object.keys(op.responses["200"].headers)).toEqual([
        "ETag",
        "Last-Modified",
        "Cache-Control",
        ...EVERY_ANSWER,
      ]);
      expect(op.parameters.filter((p: any) => p.in === "header").map((p: any) => p.name)).toEqual([
        "If-None-Match",
        "If-Modified-Since",
      ]);
    }
    expect(doc.paths["/api/v1/reports/fleet-health/latest"].get.responses["304"]).toBeUndefined();
    expect(doc.components.headers.ETag.description).toMatch(/SHA-256/);
  });

  it("serves charts as image/svg+xml with an ETag, a 304 and the theme and size bounds", () => {
    for (const path of ["/api/v1/portfolios/{portfolioId}/chart.svg", "/api/v1/portfolios/leaderboard/chart.svg"]) {
      const op = doc.paths[path].get;
      expect(Object.keys(op.responses["200"].content)).toEqual(["image/svg+xml"]);
      expect(Object.keys(op.responses["304"].headers)).toEqual(["ETag", "Cache-Control", ...EVERY_ANSWER]);
      const query = Object.fromEntries(
        op.parameters.filter((p: any) => p.in === "query").map((p: any) => [p.name, p.schema]),
      );
      expect(query.theme).toMatchObject({ enum: ["light", "dark"], default: "light" });
      expect(query.width).toMatchObject({ type: "integer", minimum: 400, maximum: 2400 });
      expect(query.height).toMatchObject({ type: "integer", minimum: 300, maximum: 1600 });
    }
  });
});
