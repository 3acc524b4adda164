/**
 * tools/list as a caller sees it: the registry's tools the credential may call, in the toolsets it selected, each in
 * a compact form that fits a model's context. Titles, descriptions and the input schemas are kept (an input schema
 * without its top-level `additionalProperties: false`, stated once in the instructions); the
 * annotations keep readOnlyHint and openWorldHint (MCP defines idempotentHint and destructiveHint only for tools that
 * are not read-only). Output schemas keep every member with its type, format, enumeration and constant, and drop
 * what one rule stated in the server's instructions replaces: nested descriptions, `required` (every member of an
 * output object is always present, null where its type allows), `additionalProperties: false` (no other members),
 * `type: "object"` of a nested member listed with its properties, and range and pattern checks of values the
 * service produces. A nullable member's type array is written as `anyOf` branches of one type each, which every host
 * accepts. A nested member whose shape is another tool's whole answer in the same toolset (the tear sheet's
 * metrics, the leaderboard's rows, a fact card in a list) names that tool, as an object, instead of repeating its
 * schema.
 * The runner still validates every answer against the full schema.
 */
import { holdsScope, type Principal } from "../auth/principal.js";
import { toolAccess } from "../auth/tool-access.js";
import type { JsonSchema, ToolDefinition } from "./tool.js";
import type { ToolsetName } from "./toolsets.js";
import { toolUiMeta } from "./apps/app-views.js";

/** Every tool is read-only and reads only this institute's data. */
export const LISTED_ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const;

/** Said once in `initialize`'s instructions instead of in every output schema. */
export const OUTPUT_SCHEMA_RULE =
  "Schemas are listed compactly: an argument an input schema does not name is refused; in output schemas a member shown with properties is an object, every member of an object is always present (null where its type allows) unless `fields` left it out, no other member appears, and a member described as 'as <tool> returns' has that tool's output schema.";

/** How a nested member that repeats another tool's answer is listed. */
export const sameAs = (tool: string) => ({ type: "object", description: `as ${tool} returns` });

const VALUE_CHECKS = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
]);

function compactSchema(schema: unknown, root: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => compactSchema(s, false));
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "required" && Array.isArray(value)) continue;
    if (key === "additionalProperties" && value === false) continue;
    if (key === "description" && !root && typeof value === "string") continue;
    if (VALUE_CHECKS.has(key) && typeof value !== "object") continue;
    if (key === "type" && value === "object" && !root && "properties" in schema) continue;
    // A type array (the spec's nullable members) as anyOf branches of one type each: several hosts map schemas onto a
    // single-type dialect and refuse the array. The other keywords stay beside it: each applies to one type only.
    if (key === "type" && Array.isArray(value) && !("anyOf" in schema)) {
      out.anyOf = value.map((type) => ({ type }));
      continue;
    }
    if (key === "properties" && typeof value === "object" && value !== null) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, member]) => [name, compactSchema(member, false)]),
      );
      continue;
    }
    out[key] = compactSchema(value, false);
  }
  return out;
}

/**
 * The input schema as tools/list shows it: whole but for `additionalProperties: false` at its top, which the
 * instructions state once (an argument the schema does not name is refused).
 */
export function listedInputSchema(schema: JsonSchema): JsonSchema {
  const { additionalProperties, ...rest } = schema;
  return additionalProperties === false ? (rest as JsonSchema) : schema;
}

/** The output schema as tools/list shows it. */
export const listedOutputSchema = (schema: JsonSchema) => compactSchema(schema, true) as JsonSchema;

/**
 * The tools a nested member may name: whoever sees the naming tool sees the named one (same toolset, same grant, and
 * never a tool withheld from peers). Keyed by that and the answer's compact JSON; the first tool wins.
 */
const audience = (tool: ToolDefinition) => `${tool.toolset} ${JSON.stringify(tool.grant)}`;

function answerShapes(tools: readonly ToolDefinition[]): Map<string, string> {
  const shapes = new Map<string, string>();
  for (const tool of tools) {
    if (tool.withheldFromPeers) continue;
    const key = `${audience(tool)} ${JSON.stringify(compactSchema(tool.outputSchema, false))}`;
    if (!shapes.has(key)) shapes.set(key, tool.name);
  }
  return shapes;
}

function referShapes(schema: unknown, tool: ToolDefinition, shapes: Map<string, string>, root: boolean): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  if (!root) {
    const named = shapes.get(`${audience(tool)} ${JSON.stringify(schema)}`);
    if (named && named !== tool.name) return sameAs(named);
  }
  const out: Record<string, unknown> = { ...schema };
  const node = schema as { properties?: Record<string, unknown>; items?: unknown };
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([k, v]) => [k, referShapes(v, tool, shapes, false)]),
    );
  }
  if (node.items) out.items = referShapes(node.items, tool, shapes, false);
  return out;
}

/** A tools/list entry, derived from the registry (`tools`: the registry, whose answers nested members may name). */
export function listedTool(tool: ToolDefinition, tools: readonly ToolDefinition[] = [tool]) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedInputSchema(tool.inputSchema),
    outputSchema: referShapes(listedOutputSchema(tool.outputSchema), tool, answerShapes(tools), true) as JsonSchema,
    annotations: LISTED_ANNOTATIONS,
    // The MCP Apps view that draws the result, for hosts that show one (gateway/mcp/apps).
    ...toolUiMeta(tool.name),
  };
}

/**
 * Whether tools/list shows a tool to a caller: the tools it may call, except that an institute key or OAuth
 * identity holding viewer:read sees the whole registry (spec §5.2 rule 1), party-granted tools included, whose
 * calls tools/call still refuses.
 */
export function listsTool(principal: Principal, tool: ToolDefinition): boolean {
  if (principal.kind !== "peer" && holdsScope(principal, "viewer:read")) return true;
  return toolAccess(principal, tool).ok;
}

/** The tools/list answer for a caller and the toolsets it selected (undefined: all of them), in registry order. */
export function createToolListing(tools: readonly ToolDefinition[]) {
  const listed = tools.map((tool) => ({ tool, entry: listedTool(tool, tools) }));
  return (principal: Principal, toolsets: ReadonlySet<ToolsetName> | undefined) => ({
    tools: listed
      .filter(({ tool }) => (toolsets === undefined || toolsets.has(tool.toolset)) && listsTool(principal, tool))
      .map(({ entry }) => entry),
  });
}
