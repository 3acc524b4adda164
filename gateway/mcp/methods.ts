/**
 * The MCP methods this endpoint serves: tools/list, tools/call, resources/templates/list, resources/list,
 * resources/read, prompts/list, prompts/get and completion/complete in both eras; initialize and ping in the legacy
 * era only; server/discover in the modern era only (subscriptions/listen streams, so routes.ts answers it).
 * Anything else is -32601. In the modern era a resource not found is -32602, as 2026-07-28 numbers it.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../auth/principal.js";
import { listAccess } from "../auth/tool-access.js";
import { INVALID_PARAMS, METHOD_NOT_FOUND, type RpcErrorObject } from "./json-rpc.js";
import { initializeResult } from "./protocol.js";
import { discoverResult, type ListenSupport } from "./modern/discover.js";
import type { Era } from "./modern/era.js";
import type { ServiceClients } from "../upstream/clients.js";
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
  era: Era;
}

const LEGACY_ONLY = new Set(["initialize", "ping"]);
const MODERN_ONLY = new Set(["server/discover", "subscriptions/listen"]);

/** Whether `method` exists in the era a request speaks. */
export const servedInEra = (method: string, era: Era["era"]) =>
  era === "legacy" ? !MODERN_ONLY.has(method) : !LEGACY_ONLY.has(method);

export type MethodOutcome = { result: unknown } | { error: RpcErrorObject };

export interface MethodSources {
  tools: readonly ToolDefinition[];
  runner: ToolRunner;
  clients: ServiceClients;
  projectName: string;
  /** The clock resources/list and the prompts read "today" from. */
  now: () => number;
  listen: ListenSupport;
}

export function createMethods({ tools, runner, clients, projectName, now, listen }: MethodSources) {
  const listing = createToolListing(tools);
  const resources = createResourceReader(tools, runner);
  const listResources = createResourceList(resources, clients, now);
  const prompts = createPromptMethods({ prompts: PROMPTS, tools, runner, resources, clients, now });
  const complete = createCompletion({ prompts, resources, runner, clients });

  async function run(method: string, params: Record<string, unknown>, ctx: MethodContext): Promise<unknown> {
    if (!servedInEra(method, ctx.era.era)) return undefined;
    switch (method) {
      case "server/discover":
        return discoverResult(listen);
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

  const dispatch = async function dispatch(
    method: string,
    params: unknown,
    ctx: MethodContext,
  ): Promise<MethodOutcome> {
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
      if (error instanceof RpcError) {
        const object = error.toObject();
        if (ctx.era.era === "modern" && error.detail.code === "resource_not_found") object.code = INVALID_PARAMS;
        return { error: object };
      }
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
  return Object.assign(dispatch, { resources });
}
