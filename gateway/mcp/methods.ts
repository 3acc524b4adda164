/**
 * The MCP methods this endpoint serves: initialize, ping, tools/list, tools/call, resources/templates/list,
 * resources/list, resources/read, prompts/list, prompts/get, completion/complete. Anything else is -32601.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../auth/principal.js";
import { listAccess } from "../auth/tool-access.js";
import { METHOD_NOT_FOUND, type RpcErrorObject } from "./json-rpc.js";
import { initializeResult } from "./protocol.js";
import type { ServiceClients } from "../clients.js";
import { createCompletion } from "./completion/complete.js";
import { PROMPTS } from "./prompts/index.js";
import { createPromptMethods } from "./prompts/prompt-methods.js";
import { createResourceList } from "./resources/resource-list.js";
import { createResourceReader } from "./resources/resource-reader.js";
import type { ToolDefinition } from "./tool.js";
import { createToolListing } from "./tool-listing.js";
import type { ToolsetName } from "./toolsets.js";
import { authError, RpcError, validationError } from "./tool-errors.js";
import type { ToolRunner } from "./tool-runner.js";

export interface MethodContext {
  principal: Principal;
  log: FastifyBaseLogger;
  /** The toolsets the request selected; undefined: all of them. */
  toolsets: ReadonlySet<ToolsetName> | undefined;
}

export type MethodOutcome = { result: unknown } | { error: RpcErrorObject };

export interface MethodSources {
  tools: readonly ToolDefinition[];
  runner: ToolRunner;
  clients: ServiceClients;
  projectName: string;
  /** The clock resources/list and the prompts read "today" from. */
  now: () => number;
}

export function createMethods({ tools, runner, clients, projectName, now }: MethodSources) {
  const listing = createToolListing(tools);
  const resources = createResourceReader(tools, runner, clients);
  const listResources = createResourceList(resources, clients, now);
  const prompts = createPromptMethods({ prompts: PROMPTS, tools, runner, resources, clients, now });
  const complete = createCompletion({ prompts, resources, runner, clients });

  async function run(method: string, params: Record<string, unknown>, ctx: MethodContext): Promise<unknown> {
    switch (method) {
      case "initialize":
        if (typeof params.protocolVersion !== "string")
          throw validationError("invalid params: 'protocolVersion' must be a string", "protocolVersion");
        return initializeResult(params.protocolVersion, projectName);
      case "ping":
        return {};
      case "tools/list": {
        const access = listAccess(ctx.principal, tools);
        if (!access.ok)
          throw authError(access.error, { code: access.code, required: access.required, granted: access.granted });
        return listing(ctx.principal, ctx.toolsets);
      }
      case "tools/call":
        return runner.call(params, ctx.principal, ctx.log);
      case "resources/templates/list":
        return resources.templatesList(ctx.principal);
      case "resources/list":
        return listResources(params, ctx.principal, ctx.log);
      case "resources/read":
        return resources.read(params, ctx.principal, ctx.log);
      case "prompts/list":
        return prompts.list(ctx.principal);
      case "prompts/get":
        return prompts.get(params, ctx.principal, ctx.log);
      case "completion/complete":
        return complete(params, ctx.principal, ctx.log);
      default:
        return undefined;
    }
  }

  return async function dispatch(method: string, params: unknown, ctx: MethodContext): Promise<MethodOutcome> {
    try {
      const result = await run(method, params as Record<string, unknown>, ctx);
      if (result === undefined)
        return {
          error: {
            code: METHOD_NOT_FOUND,
            message: `Method not found: ${method}`,
            data: { category: "permanent", transient: false },
          },
        };
      return { result };
    } catch (error) {
      if (error instanceof RpcError) return { error: error.toObject() };
      ctx.log.error({ err: error, method }, "JSON-RPC method failed");
      return {
        error: {
          code: -32603,
          message: "internal error",
          data: { category: "permanent", transient: false, code: "internal" },
        },
      };
    }
  };
}
