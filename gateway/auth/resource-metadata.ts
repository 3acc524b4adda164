/**
 * RFC 9728 protected resource metadata for the tool endpoint (spec §4.2, §5.2 rule 2), public, at the root form
 * and at the path form MCP clients try first. `scopes_supported` carries `openid` beside the tool scopes: the
 * resource resolves a token through the hub's OpenID userinfo endpoint, which answers only for `openid` tokens.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { MCP_PATH, publicBaseUrl, RESOURCE_METADATA_PATH } from "../http/public-url.js";
import { TOOL_SCOPES } from "../../lib/scopes.js";

export const OAUTH_SCOPES_SUPPORTED = ["openid", ...TOOL_SCOPES];

const metadataSchema = {
  type: "object",
  properties: {
    resource: { type: "string" },
    authorization_servers: { type: "array", items: { type: "string" } },
    scopes_supported: { type: "array", items: { type: "string" } },
    bearer_methods_supported: { type: "array", items: { type: "string" } },
    resource_name: { type: "string" },
    resource_documentation: { type: "string" },
  },
  required: ["resource", "authorization_servers", "scopes_supported", "bearer_methods_supported"],
} as const;

export function resourceMetadata(config: Config, base: string) {
  return {
    resource: `${base}${MCP_PATH}`,
    authorization_servers: config.auth.authUrl ? [config.auth.authUrl] : [],
    scopes_supported: OAUTH_SCOPES_SUPPORTED,
    bearer_methods_supported: ["header"],
    resource_name: config.project.name,
    resource_documentation: `${base}/api/contract`,
  };
}

export function resourceMetadataRoutes(app: FastifyInstance, opts: { config: Config }) {
  for (const url of [RESOURCE_METADATA_PATH, `${RESOURCE_METADATA_PATH}${MCP_PATH}`]) {
    app.get(
      url,
      { config: { public: true }, schema: { response: { 200: metadataSchema } } },
      async (request, reply) => {
        reply.header("cache-control", "public, max-age=300");
        return resourceMetadata(opts.config, publicBaseUrl(opts.config, request.server));
      },
    );
  }
}
