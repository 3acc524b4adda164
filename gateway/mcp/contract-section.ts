/**
 * The contract's tool-endpoint sections, handed to contractRoutes by app.ts: the endpoint and its protocol, the tools
 * counted from the registry in use, the resources, prompts, completion and document windows as the endpoint serves
 * them, and its JSON-RPC refusals (spec §7.2), each read from the code that applies it.
 */
import type { ToolEndpointContract } from "../contract/sections.js";
import { MCP_PATH } from "../http/public-url.js";
import { agentSections } from "./contract/agent-summary.js";
import { toolSummary } from "./contract/tool-summary.js";
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR } from "./json-rpc.js";
import { PROMPTS } from "./prompts/index.js";
import { MCP_METHODS, PROTOCOL_VERSIONS } from "./protocol.js";
import type { ToolDefinition } from "./tool.js";
import { AUTH_ERROR, PERMANENT_ERROR, TRANSIENT_ERROR } from "./tool-errors.js";

export function toolEndpointContractSection(tools: readonly ToolDefinition[]) {
  return (base: string): ToolEndpointContract => ({
    tool_endpoint: {
      method: "POST",
      path: MCP_PATH,
      url: `${base}${MCP_PATH}`,
      transport: "MCP streamable HTTP, JSON responses, stateless",
      protocol_versions: [...PROTOCOL_VERSIONS],
      methods: [...MCP_METHODS],
    },
    tools: toolSummary(tools),
    ...agentSections(tools, PROMPTS),
    json_rpc_refusals: JSON_RPC_REFUSALS,
  });
}

const JSON_RPC_REFUSALS = {
  categories: ["auth", "validation", "permanent", "transient"],
  retry: "only when error.data.transient === true",
  codes: {
    [PARSE_ERROR]: "parse error",
    [INVALID_REQUEST]: "invalid request",
    [METHOD_NOT_FOUND]: "method not found",
    [INVALID_PARAMS]: "validation",
    [AUTH_ERROR]: "auth",
    [PERMANENT_ERROR]: "permanent",
    [TRANSIENT_ERROR]: "transient",
    [INTERNAL_ERROR]: "internal (permanent)",
  },
};
