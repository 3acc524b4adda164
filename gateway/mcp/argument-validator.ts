/**
 * Validates tool arguments against each tool's inputSchema (JSON Schema 2020-12, MCP's default dialect) and tool
 * results against its outputSchema. A failure names the argument: `invalid argument 'limit': must be <= 200`.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "./tool.js";

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

export function createSchemaCompiler() {
  const ajv = addFormats(new Ajv2020({ allErrors: false, strict: false, useDefaults: true, coerceTypes: false }));
  const cache = new WeakMap<object, ValidateFunction>();
  return (schema: JsonSchema): ValidateFunction => {
    let fn = cache.get(schema);
    if (!fn) {
      fn = ajv.compile(schema);
      cache.set(schema, fn);
    }
    return fn;
  };
}

export function describeArgumentError(error: ErrorObject | undefined): {
  message: string;
  argument: string | undefined;
} {
  if (!error) return { message: "invalid arguments", argument: undefined };
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (typeof params.missingProperty === "string") {
    const name = path ? `${path}.${params.missingProperty}` : params.missingProperty;
    return { message: `missing argument '${name}'`, argument: name };
  }
  if (typeof params.additionalProperty === "string") {
    const name = path ? `${path}.${params.additionalProperty}` : params.additionalProperty;
    return { message: `unknown argument '${name}'`, argument: name };
  }
  const allowed = params.allowedValues as unknown[] | undefined;
  const detail = allowed ? `must be one of ${allowed.map(String).join(", ")}` : (error.message ?? "is invalid");
  if (!path) return { message: `invalid arguments: ${detail}`, argument: undefined };
  return { message: `invalid argument '${path}': ${detail}`, argument: path };
}
