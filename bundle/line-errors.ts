/**
 * Turns ajv's errors for one line into sentences an operator can act on: `missing required field "x"`,
 * `field "status" has unknown value "done"; allowed: …`, `field "created_at" must be an integer, got a string`.
 * A nullable field (anyOf [T, null]) that fails both branches reads as one problem, not three.
 */
import type { ErrorObject } from "ajv";

const fieldName = (instancePath: string) =>
  instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((name, s) => (/^\d+$/.test(s) ? `${name}[${s}]` : name ? `${name}.${s}` : s), "");

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (Number.isInteger(value)) return "an integer";
  return (
    { string: "a string", number: "a number", boolean: "a boolean", object: "an object" }[typeof value as string] ??
    typeof value
  );
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};
const typesOf = (t: unknown) =>
  (Array.isArray(t) ? t : [t]).map((x) => TYPE_NAMES[x as string] ?? String(x)).join(" or ");

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(root: unknown, instancePath: string): unknown {
  let v: unknown = root;
  for (const s of instancePath.split("/").slice(1))
    v = (v as Record<string, unknown> | undefined)?.[s.replace(/~1/g, "/").replace(/~0/g, "~")];
  return v;
}

function sentence(e: ErrorObject, value: unknown): string {
  const field = `field "${fieldName(e.instancePath)}"`;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `missing required field "${[fieldName(e.instancePath), p.missingProperty].filter(Boolean).join(".")}"`;
    case "additionalProperties":
      return `unknown field "${[fieldName(e.instancePath), p.additionalProperty].filter(Boolean).join(".")}"`;
    case "type":
      return `${field} must be ${typesOf(p.type)}, got ${typeOf(value)}`;
    case "enum":
      return `${field} has unknown value ${preview(value)}; allowed: ${(p.allowedValues as unknown[]).map((v) => (v === null ? "null" : String(v))).join(", ")}`;
    case "format":
      return `${field} must be ${p.format === "date" ? "a calendar date YYYY-MM-DD" : `a ${p.format}`}, got ${preview(value)}`;
    case "pattern":
      return `${field} must match ${p.pattern}, got ${preview(value)}`;
    case "minLength":
      return `${field} must not be empty`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${field} must be ${p.comparison} ${p.limit}, got ${preview(value)}`;
    default:
      return `${field} ${e.message ?? "is invalid"}`;
  }
}

/** One message per problem of `line`, in the order ajv found them. */
export function describeErrors(errors: readonly ErrorObject[], line: unknown): string[] {
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
  const out: string[] = [];
  for (const path of anyOfPaths) {
    const at = errors.filter((e) => e.instancePath === path && e.keyword !== "anyOf");
    // Every branch failed on the value's type itself: one sentence naming the types allowed.
    if (at.length && at.every((e) => e.keyword === "type")) {
      out.push(
        `field "${fieldName(path)}" must be ${at.map((e) => typesOf((e.params as { type: unknown }).type)).join(" or ")}, got ${typeOf(valueAt(line, path))}`,
      );
    }
  }
  for (const e of errors) {
    if (e.keyword === "anyOf") continue;
    if (
      anyOfPaths.has(e.instancePath) &&
      (e.keyword === "type" ||
        errors
          .filter((x) => x.instancePath === e.instancePath && x.keyword !== "anyOf")
          .every((x) => x.keyword === "type"))
    )
      continue;
    const text = sentence(e, valueAt(line, e.instancePath));
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/** The first field of `value` holding a NUL character (which neither PostgreSQL text nor jsonb can store). */
export function nulField(value: unknown, at = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? at : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const name = Array.isArray(value) ? `${at}[${k}]` : at ? `${at}.${k}` : k;
    const found = k.includes("\u0000") ? name : nulField(v, name);
    if (found !== undefined) return found;
  }
  return undefined;
}
