/**
 * GET /api/contract: the whole surface, derived at run time from the registered REST routes and the tool
 * registry (spec §1.3, §4.2, §9.3), so its counts always equal what the routes and tools/list serve.
 */
import type { RateLimitConfig } from "../../lib/config/access.js";
import type { Config } from "../../lib/config/config.js";
import { EVENT_TYPES } from "../../lib/relay/callback-event.js";
import { CALLBACK_PATH } from "../relay/callback-route.js";
import type { ToolDefinition } from "../mcp/tool.js";
import { MCP_METHODS, PROTOCOL_VERSIONS } from "../mcp/protocol.js";
import { MCP_PATH } from "../http/public-url.js";
import { API_VERSION } from "../http/api-version.js";
import { authSection } from "./auth-summary.js";
import { CHANGELOG, CONTRACT_REVISION, CONTRACT_VERSION } from "./changelog.js";
import { limitsSection, submissionSection } from "./limits.js";
import { bodyOf, parametersOf, responsesOf, type RestRoute } from "./route-catalog.js";
import { toolSummary } from "./tool-summary.js";
import { agentSections } from "./agent-summary.js";
import { PROMPTS } from "../mcp/prompts/index.js";

export interface ContractSources {
  config: Config;
  routes: readonly RestRoute[];
  tools: readonly ToolDefinition[];
  /** The rate limits in force (absent: none), published as `limits.request_rate`. */
  rateLimit?: RateLimitConfig;
}

function restSection(routes: readonly RestRoute[]) {
  return routes.map((route) => {
    const body = bodyOf(route);
    return {
      method: route.method,
      path: route.path,
      scope: route.scope,
      public: route.public,
      parameters: parametersOf(route),
      ...(body ? { body } : {}),
      responses: Object.keys(responsesOf(route)).sort(),
    };
  });
}

export function contractDocument({ config, routes, tools, rateLimit }: ContractSources, base: string) {
  const relay = config.relay.name;
  return {
    version: CONTRACT_VERSION,
    revision: CONTRACT_REVISION,
    service: { name: config.project.name, api_version: API_VERSION, base_url: base, read_only: true },
    changelog: CHANGELOG,
    rest: restSection(routes),
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
    auth: authSection(config, base),
    limits: limitsSection(routes, rateLimit),
    submission: submissionSection(),
    events: {
      outbound: [],
      callback: {
        method: "POST",
        path: CALLBACK_PATH,
        event_types: [...EVENT_TYPES],
        signature_header: `X-${relay}-Signature`,
        signature: "sha256=<hex HMAC-SHA256 of the raw request body under the shared signing secret>",
        delivery_header: `X-${relay}-Delivery`,
        untracked_task: "answered 200; nothing is done",
      },
    },
    openapi: `${base}/api/openapi.json`,
  };
}
