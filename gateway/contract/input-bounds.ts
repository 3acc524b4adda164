/**
 * Every REST input has a bound (OWASP API4:2023, unrestricted resource consumption): a string a maximum length, an
 * integer a format and a range, an array a maximum count. Most route schemas state theirs; this onRoute hook gives
 * the rest the defaults below, before fastify compiles the route's validators and before the route catalog copies
 * its schemas, so the bound the OpenAPI document declares is the one a request past it meets (400). Install it
 * before the route catalog's hook and the routes. Only inputs: answers are bounded by the data (docs/decisions.md).
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import { REST_PREFIX } from "../http/public-url.js";

/** A path or query value, in characters (an id, a date, a search query: the longest is well under this). */
export const MAX_INPUT_CHARS = 1024;
/** A header value (If-None-Match may list several ETags). */
export const MAX_HEADER_CHARS = 8192;
/** Items of an array input. */
export const MAX_INPUT_ITEMS = 100;
/** JSON integers are exact up to 2^53 - 1. */
const SAFE = Number.MAX_SAFE_INTEGER;
const INT32 = 2 ** 31 - 1;

type Schema = Record<string, unknown>;

const typesOf = (schema: Schema) => ([] as unknown[]).concat(schema.type ?? []);

/** Each schema object's bounded copy, per bound: the same input gives the same copy, so named schemas stay named. */
const copies = new Map<number, WeakMap<object, unknown>>();

/** The input schema a bounded copy was made from (the OpenAPI document names the copy as it names the original). */
export const originalOf = new WeakMap<object, object>();

/**
 * `schema` with every string, integer and array without a bound given one: the object itself when nothing lacks
 * one, else a copy (made once per object), so references by identity keep working.
 */
export function bounded(schema: unknown, maxChars: number): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map((s) => bounded(s, maxChars));
    return items.every((s, i) => s === schema[i]) ? schema : items;
  }
  if (typeof schema !== "object" || schema === null) return schema;
  const memo = copies.get(maxChars) ?? copies.set(maxChars, new WeakMap()).get(maxChars)!;
  if (memo.has(schema)) return memo.get(schema);
  const out: Schema = {};
  let changed = false;
  for (const [key, value] of Object.entries(schema as Schema)) {
    let next = value;
    if (key === "properties" || key === "patternProperties" || key === "$defs") {
      const entries = Object.entries(value as Schema).map(([k, v]) => [k, bounded(v, maxChars)] as const);
      if (entries.some(([k, v]) => v !== (value as Schema)[k])) next = Object.fromEntries(entries);
    } else if (["items", "anyOf", "oneOf", "allOf", "not", "additionalProperties"].includes(key))
      next = bounded(value, maxChars);
    if (next !== value) changed = true;
    out[key] = next;
  }
  const types = typesOf(out);
  const fixed = "enum" in out || "const" in out;
  if (types.includes("string") && !fixed && out.maxLength === undefined) {
    out.maxLength = maxChars;
    changed = true;
  }
  if (types.includes("integer") && !fixed) {
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -SAFE;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = SAFE;
    if (out.format === undefined)
      out.format = (out.minimum as number) >= -INT32 - 1 && (out.maximum as number) <= INT32 ? "int32" : "int64";
    changed ||= Object.keys(out).length !== Object.keys(schema).length;
  }
  if (types.includes("array") && out.maxItems === undefined) {
    out.maxItems = MAX_INPUT_ITEMS;
    changed = true;
  }
  const result = changed ? out : schema;
  memo.set(schema, result);
  if (changed) originalOf.set(out, schema);
  return result;
}

export function boundRestInputs(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith(REST_PREFIX) || !route.schema) return;
    const schema = { ...route.schema } as Schema;
    for (const part of ["params", "querystring", "body"])
      if (schema[part] !== undefined) schema[part] = bounded(schema[part], MAX_INPUT_CHARS);
    if (schema.headers !== undefined) schema.headers = bounded(schema.headers, MAX_HEADER_CHARS);
    route.schema = schema;
  });
}
