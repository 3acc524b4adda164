/**
 * Schema portability as the MCP Inspector's `--strict` judges it (its core/json/schemaLint.ts, @modelcontextprotocol/
 * inspector 2.12.0), over every tool's input and output schema as tools/list serves them: no finding at all. The
 * rules are re-read here so a schema change that would make a host refuse a tool fails a unit test, not only a run of
 * the Inspector against a live gateway (docs/answer-fields.md#schemas-every-host-accepts):
 * - type-union (warning): `type` is an array of JSON Schema types (the nullable `["string", "null"]`);
 * - untyped-schema (warning): a schema with no validation keyword, accepting anything (outside `not`);
 * - boolean-schema (error): a bare `true` or `false` where a schema object belongs;
 * - remote-ref (warning): a `$ref` outside the document.
 */
import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal.js";
import { createToolListing } from "./tool-listing.js";
import { TOOLS } from "./tools/index.js";

/** Keywords that constrain an instance (an `if` counts only with a `then` or an `else`). */
const CONSTRAINING = new Set(
  (
    "type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern format " +
    "contentMediaType contentEncoding contentSchema maxItems minItems uniqueItems maxContains minContains " +
    "maxProperties minProperties required dependentRequired allOf anyOf oneOf not items prefixItems contains " +
    "additionalItems unevaluatedItems properties patternProperties additionalProperties unevaluatedProperties " +
    "propertyNames dependentSchemas dependencies $ref $dynamicRef $recursiveRef"
  ).split(" "),
);
const JSON_TYPES = new Set(["null", "boolean", "object", "array", "number", "string", "integer"]);
const BOOLEAN_VALUED = new Set([
  "additionalProperties",
  "unevaluatedProperties",
  "additionalItems",
  "unevaluatedItems",
]);
const SUBSCHEMA = [
  "items",
  "contains",
  "not",
  "propertyNames",
  "if",
  "then",
  "else",
  "additionalProperties",
  "unevaluatedProperties",
  "additionalItems",
  "unevaluatedItems",
  "contentSchema",
];
const SUBSCHEMA_ARRAYS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

function children(node: Node, at: string): Array<[unknown, string, string]> {
  const out: Array<[unknown, string, string]> = [];
  for (const key of SUBSCHEMA_MAPS)
    if (isNode(node[key]))
      for (const [name, sub] of Object.entries(node[key])) out.push([sub, `${at}.${key}.${name}`, key]);
  for (const key of SUBSCHEMA_ARRAYS)
    if (Array.isArray(node[key]))
      (node[key] as unknown[]).forEach((sub, i) => out.push([sub, `${at}.${key}[${i}]`, key]));
  for (const key of SUBSCHEMA) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === "items" && Array.isArray(value)) value.forEach((sub, i) => out.push([sub, `${at}.items[${i}]`, key]));
    else out.push([value, `${at}.${key}`, key]);
  }
  return out;
}

/** The findings of one schema, as `rule at path`. */
export function portabilityFindings(schema: unknown, at: string, keyword?: string): string[] {
  if (typeof schema === "boolean")
    return keyword !== undefined && BOOLEAN_VALUED.has(keyword) ? [] : [`boolean-schema at ${at}`];
  if (!isNode(schema)) return [];
  const findings: string[] = [];
  const type = schema.type;
  if (
    Array.isArray(type) &&
    type.length > 0 &&
    type.every((t) => typeof t === "string" && JSON_TYPES.has(t)) &&
    new Set(type).size === type.length
  )
    findings.push(`type-union at ${at}`);
  if (typeof schema.$ref === "string" && schema.$ref !== "" && !schema.$ref.startsWith("#"))
    findings.push(`remote-ref at ${at}`);
  const constrains =
    Object.keys(schema).some((k) => CONSTRAINING.has(k)) || ("if" in schema && ("then" in schema || "else" in schema));
  if (!constrains && keyword !== "not") findings.push(`untyped-schema at ${at}`);
  for (const [child, path, key] of children(schema, at)) findings.push(...portabilityFindings(child, path, key));
  return findings;
}

const viewer: Principal = { kind: "oauth", subject: "viewer", scopes: new Set(["viewer:read"]) };
const listed = createToolListing(TOOLS)(viewer, undefined).tools;

describe("the portability rules, re-read from the Inspector", () => {
  it("find what it finds: type arrays, untyped and boolean schemas, remote references", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { description: "anything" },
        c: { type: "array", items: true },
        d: { $ref: "https://example.com/s.json" },
        e: { not: {} },
        f: { type: "object", additionalProperties: false },
      },
    };
    expect(portabilityFindings(schema, "s")).toEqual([
      "type-union at s.properties.a",
      "untyped-schema at s.properties.b",
      "boolean-schema at s.properties.c.items",
      "remote-ref at s.properties.d",
    ]);
  });
});

describe("tools/list as a host reads it", () => {
  it("lists every tool", () => {
    expect(listed.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  it("has input schemas with no portability finding", () => {
    expect(listed.flatMap((t) => portabilityFindings(t.inputSchema, `${t.name}.inputSchema`))).toEqual([]);
  });

  it("has output schemas with no portability finding", () => {
    expect(listed.flatMap((t) => portabilityFindings(t.outputSchema, `${t.name}.outputSchema`))).toEqual([]);
  });

  it("keeps the registry's own input schemas free of findings too (the contract and OpenAPI show them whole)", () => {
    expect(TOOLS.flatMap((t) => portabilityFindings(t.inputSchema, `${t.name}.inputSchema`))).toEqual([]);
  });
});
