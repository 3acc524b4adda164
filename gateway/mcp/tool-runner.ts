/**
 * tools/call: find the tool, check the caller's grant, validate the arguments (a bounded tool's `limit` among them),
 * run it, check its answer against the output schema, cut it to the `fields` asked for (answer-arguments.ts: after
 * the read cache, which keeps whole answers), and answer with structuredContent plus the same JSON as a text block.
 * Never an HTTP 5xx. A malformed call, an unknown tool and an internal fault are JSON-RPC errors (MCP's
 * protocol errors); the tool's own failures (a refused grant, an argument it refuses, not found, a service that is
 * down) are results with `isError: true` carrying spec §7.2's `error` (tool-failure.ts). Resources, prompts and completion read
 * through tools with the same admission (`admit`: the caller's grant, then the arguments) and error mapping (`run`),
 * so they refuse exactly as tools/call does.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../auth/principal.js";
import { toolAccess } from "../auth/tool-access.js";
import { relevantError } from "../schemas/relevant-error.js";
import { createSchemaCompiler, describeArgumentError } from "./argument-validator.js";
import { answerRequest, shapedResult } from "./answer-arguments.js";
import { callToolResult, type CallToolResult } from "./call-result-json.js";
import { toolFailureResult, type ToolFailureResult } from "./tool-failure.js";
import { INTERNAL_ERROR } from "./json-rpc.js";
import type { ToolContext, ToolDefinition } from "./tool.js";
import { authError, RpcError, toRpcError, validationError } from "./tool-errors.js";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../../lib/json-depth.js";

export type { CallToolResult };

export interface ToolRunner {
  call(params: unknown, principal: Principal, log: FastifyBaseLogger): Promise<CallToolResult | ToolFailureResult>;
  /**
   * What tools/call does before a tool runs, for the other methods that read through a tool (resources, prompts,
   * completion): refuse the caller exactly as tools/call would, then validate the arguments. Returns them as the
   * tool will receive them.
   */
  admit(tool: ToolDefinition, principal: Principal, args: Record<string, unknown>): Record<string, unknown>;
  /** Runs work on a tool's behalf (named for the log); a failure becomes the RpcError tools/call would answer with. */
  run<T>(name: string, log: FastifyBaseLogger, work: () => Promise<T>): Promise<T>;
  /** What a tool is called with on the caller's behalf. */
  context(principal: Principal): ToolContext;
}

export function authorize(principal: Principal, tool: ToolDefinition): void {
  const access = toolAccess(principal, tool);
  if (!access.ok) {
    const { code, required, granted } = access;
    throw authError(access.error, { code, ...(required ? { required } : {}), ...(granted ? { granted } : {}) });
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const MAX_ARGUMENT_DEPTH = MAX_JSON_DEPTH;

/** Runs a tool call, or answers it another way (the read cache); the default runs it. */
export type ToolCallWrapper = (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  compute: () => Promise<CallToolResult>,
) => Promise<CallToolResult>;

export function createToolRunner(
  tools: readonly ToolDefinition[],
  shared: Omit<ToolContext, "principal">,
  wrapCall?: ToolCallWrapper,
): ToolRunner {
  const context = (principal: Principal): ToolContext => ({ ...shared, principal });
  const byName = new Map(tools.map((t) => [t.name, t]));
  const inputs = createSchemaCompiler();
  const outputs = createSchemaCompiler();

  function checkArguments(tool: ToolDefinition, raw: unknown): Record<string, unknown> {
    if (raw !== undefined && !isObject(raw))
      throw validationError("invalid params: 'arguments' must be an object", "arguments");
    // No tool takes deeply nested arguments; refusing them here keeps the clone below from exhausting the stack.
    if (nestedDeeperThan(raw, MAX_ARGUMENT_DEPTH))
      throw validationError(`invalid arguments: nested deeper than ${MAX_ARGUMENT_DEPTH} levels`, "arguments");
    const args = structuredClone(raw ?? {}) as Record<string, unknown>;
    const validate = inputs(tool.inputSchema);
    if (!validate(args)) {
      const { message, argument } = describeArgumentError(relevantError(validate.errors));
      throw validationError(message, argument);
    }
    return args;
  }

  async function run<T>(name: string, log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const { rpc, unexpected } = toRpcError(error);
      if (unexpected) log.error({ err: error, tool: name }, "tool call failed");
      throw rpc;
    }
  }

  return {
    admit(tool, principal, args) {
      authorize(principal, tool);
      // As the tool runs them: without `fields` and `format` (and their defaults), which only shape a tools/call answer.
      return answerRequest(tool, checkArguments(tool, args)).args;
    },
    run,
    context,
    async call(params, principal, log) {
      if (!isObject(params) || typeof params.name !== "string")
        throw validationError("invalid params: 'name' must be a tool name", "name");
      const tool = byName.get(params.name);
      if (!tool) throw validationError(`unknown tool: ${params.name}`, "name", "unknown_tool");
      if (params.arguments !== undefined && !isObject(params.arguments))
        throw validationError("invalid params: 'arguments' must be an object", "arguments");
      try {
        return await callTool(tool, params.arguments, principal, log);
      } catch (error) {
        if (error instanceof RpcError && error.rpcCode !== INTERNAL_ERROR) return toolFailureResult(tool.name, error);
        throw error;
      }
    },
  };

  async function callTool(
    tool: ToolDefinition,
    raw: unknown,
    principal: Principal,
    log: FastifyBaseLogger,
  ): Promise<CallToolResult> {
    authorize(principal, tool);
    const request = answerRequest(tool, checkArguments(tool, raw));
    const { args } = request;
    const compute = async () => {
      const result: unknown = await run(tool.name, log, () => tool.call(args, context(principal)));
      const validate = outputs(tool.outputSchema);
      if (!isObject(result) || !validate(result)) {
        log.error({ tool: tool.name, errors: validate.errors }, "tool answered outside its output schema");
        throw new RpcError(INTERNAL_ERROR, "internal error", "permanent", { code: "internal" });
      }
      return callToolResult(result);
    };
    return shapedResult(await (wrapCall ? wrapCall(tool, args, compute) : compute()), request);
  }
}
