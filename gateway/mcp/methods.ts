/** The MCP methods this endpoint serves: initialize, ping, tools/list, tools/call. Anything else is -32601. */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../auth/principal.js";
import { listAccess } from "../auth/tool-access.js";
import { METHOD_NOT_FOUND, type RpcErrorObject } from "./json-rpc.js";
import { initializeResult } from "./protocol.js";
import { TOOL_ANNOTATIONS, type ToolDefinition } from "./tool.js";
import { authError, RpcError, validationError } from "./tool-errors.js";
import type { ToolRunner } from "./tool-runner.js";

export interface MethodContext {
  principal: Principal;
  log: FastifyBaseLogger;
}

export type MethodOutcome = { result: unknown } | { error: RpcErrorObject };

/** A tools/list entry, derived from the registry. */
export function listedTool(tool: ToolDefinition) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, ...TOOL_ANNOTATIONS },
  };
}

export function createMethods(tools: readonly ToolDefinition[], runner: ToolRunner, projectName: string) {
  const listing = { tools: tools.map(listedTool) };

  async function run(method: string, params: Record<string, unknown>, ctx: MethodContext): Promise<unknown> {
    switch (method) {
      case "initialize":
        if (typeof params.protocolVersion !== "string") throw validationError("invalid params: 'protocolVersion' must be a string", "protocolVersion");
        return initializeResult(params.protocolVersion, projectName);
      case "ping":
        return {};
      case "tools/list": {
        const access = listAccess(ctx.principal, tools);
        if (!access.ok) throw authError(access.error, { code: access.code, required: access.required, granted: access.granted });
        return listing;
      }
      case "tools/call":
        return runner.call(params, ctx.principal, ctx.log);
      default:
        return undefined;
    }
  }

  return async function dispatch(method: string, params: unknown, ctx: MethodContext): Promise<MethodOutcome> {
    try {
      const result = await run(method, params as Record<string, unknown>, ctx);
      if (result === undefined) return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}`, data: { category: "permanent", transient: false } } };
      return { result };
    } catch (error) {
      if (error instanceof RpcError) return { error: error.toObject() };
      ctx.log.error({ err: error, method }, "JSON-RPC method failed");
      return { error: { code: -32603, message: "internal error", data: { category: "permanent", transient: false, code: "internal" } } };
    }
  };
}
