/**
 * What /api/contract is handed: each surface describes itself in its own section (rest/contract-section.ts,
 * mcp/contract-section.ts, rate-limit/contract-section.ts), built from the code that serves it, and app.ts passes the
 * sections to contractRoutes. The contract composes them and knows nothing of how a surface is built.
 */
import type { Config } from "../../lib/config/config.js";
import type { RestRoute } from "./route-catalog.js";

type Json = Record<string, unknown>;

export interface RestSection {
  /** `service.api_version` and the OpenAPI document's `info.version`. */
  apiVersion: string;
  /** The routes as registered (filled while the gateway registers them): the OpenAPI document is derived from them. */
  routes: readonly RestRoute[];
  /** `rest`: each route's method, path, scope and inputs. Called once the routes are registered. */
  listing(): Json[];
  /** `limits.rest`: every bounded parameter, as the route schema that checks it declares it. */
  bounds(): Json[];
}

/** The tool endpoint's parts of the contract, at one public base address. */
export interface ToolEndpointContract {
  tool_endpoint: Json;
  tools: Json;
  resources: Json;
  prompts: Json[];
  completion: Json;
  documents: Json;
  /** `auth.refusals.json_rpc`: how the endpoint refuses (spec §7.2). */
  json_rpc_refusals: Json;
}

export interface ContractSections {
  config: Config;
  rest: RestSection;
  toolEndpoint: (base: string) => ToolEndpointContract;
  /** `limits.request_rate`: the rate limits in force; null when none are. */
  requestRate: Json | null;
}
