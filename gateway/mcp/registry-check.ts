/**
 * Refuses an inconsistent tool registry at start-up, so a mistake in a tool definition is a clear start failure,
 * never a silent truncation or an unlisted grant: unique names, a bounded tool's `limit` declared with its bound,
 * keyset tools taking `cursor`, object schemas that compile.
 */
import { createSchemaCompiler } from "./argument-validator.js";
import type { ToolDefinition } from "./tool.js";

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function registryProblems(tools: readonly ToolDefinition[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const compile = createSchemaCompiler();
  for (const tool of tools) {
    const at = `tool ${tool.name}`;
    if (!NAME.test(tool.name)) problems.push(`${at}: name must be 1-64 of A-Z a-z 0-9 _ . -`);
    if (seen.has(tool.name)) problems.push(`${at}: listed twice`);
    seen.add(tool.name);
    if (!tool.title || !tool.description) problems.push(`${at}: needs a title and a description`);
    if ("party" in tool.grant && tool.grant.party !== "coverage")
      problems.push(`${at}: unknown party grant ${String(tool.grant.party)}`);
    if (tool.inputSchema.type !== "object" || tool.outputSchema.type !== "object")
      problems.push(`${at}: input and output schemas must be objects`);
    const limit = tool.inputSchema.properties.limit as { maximum?: number; default?: number } | undefined;
    if (limit && !tool.bound) problems.push(`${at}: takes limit but declares no bound (it would truncate silently)`);
    if (tool.bound) {
      if (!limit) problems.push(`${at}: declares a bound but takes no limit`);
      else if (limit.maximum !== tool.bound.max || limit.default !== tool.bound.default) {
        problems.push(
          `${at}: limit schema (maximum ${limit.maximum}, default ${limit.default}) differs from its bound (${tool.bound.max}, ${tool.bound.default})`,
        );
      }
      if (!tool.outputSchema.properties.bound) problems.push(`${at}: bounded, but its output has no 'bound' report`);
    }
    if (tool.pager === "keyset") {
      if (!tool.inputSchema.properties.cursor) problems.push(`${at}: keyset tool takes no cursor`);
      if (!tool.outputSchema.properties.next_cursor) problems.push(`${at}: keyset tool returns no next_cursor`);
    }
    for (const [which, schema] of [
      ["input", tool.inputSchema],
      ["output", tool.outputSchema],
    ] as const) {
      try {
        compile(schema);
      } catch (e) {
        problems.push(`${at}: ${which} schema does not compile (${(e as Error).message})`);
      }
    }
  }
  return problems;
}

export function assertRegistry(tools: readonly ToolDefinition[]): void {
  const problems = registryProblems(tools);
  if (problems.length) throw new Error(`tool registry: ${problems.join("; ")}`);
}
