/** The contract's `auth` section: credential kinds, scopes, refusal channels and discovery addresses (spec §5, §7). */
import type { Config } from "../../lib/config/config.js";
import { API_KEY_PREFIX } from "../auth/api-keys.js";
import { bearerChallenge } from "../auth/challenge.js";
import { OAUTH_SCOPES_SUPPORTED } from "../auth/resource-metadata.js";
import { REST_SCOPES, TOOL_SCOPES } from "../../lib/scopes.js";
import { MCP_PATH, RESOURCE_METADATA_PATH } from "../http/public-url.js";
import { TOOLS_LIST_NEEDS_CREDENTIAL_SINCE } from "./changelog.js";

/** `jsonRpcRefusals`: the tool endpoint's own account of its JSON-RPC errors (mcp/contract-section.ts). */
export function authSection(config: Config, base: string, jsonRpcRefusals: object) {
  const { auth } = config;
  return {
    credentials: [
      {
        kind: "institute_api_key",
        presented: ["X-API-Key"],
        prefix: API_KEY_PREFIX,
        surfaces: ["rest", "tools"],
        scopes: "those it was minted with",
      },
      {
        kind: "peer_key",
        presented: ["Authorization: Bearer", "X-API-Key"],
        surfaces: ["tools"],
        scopes: "satisfies every tool scope; read only",
        parties: auth.peers.parties.length,
        ambiguous_key:
          "a key whose digest is listed for two parties is refused with ambiguous_key, never resolved to either",
      },
      {
        kind: "oauth_access_token",
        presented: ["Authorization: Bearer"],
        surfaces: ["tools"],
        authorization_server: auth.authUrl ?? null,
        audience_bound: false,
        resolution: "one upstream GET to the identity path; only the token's SHA-256 is kept, as a cache key",
        scopes: { default: auth.oauthDefaultScopes, narrowed_by: "the identity's `scope` claim when present" },
      },
    ],
    scopes: {
      rest: [...REST_SCOPES],
      tools: [...TOOL_SCOPES],
      superset: { "viewer:read": TOOL_SCOPES.filter((s) => s !== "viewer:read") },
    },
    rest_accepts: ["institute_api_key"],
    write: {
      granted_by_any_credential: false,
      write_allowlist_parties: auth.peers.writeAllowlist.size,
      implied_by_peer_key: false,
    },
    tools_list: { requires_credential: true, since: TOOLS_LIST_NEEDS_CREDENTIAL_SINCE },
    discovery: {
      protected_resource_metadata: `${base}${RESOURCE_METADATA_PATH}`,
      protected_resource_metadata_path_form: `${base}${RESOURCE_METADATA_PATH}${MCP_PATH}`,
      authorization_server_metadata: auth.authUrl ? `${auth.authUrl}/.well-known/oauth-authorization-server` : null,
      scopes_supported: OAUTH_SCOPES_SUPPORTED,
      www_authenticate: "Bearer realm=..., resource_metadata=<protected_resource_metadata>",
    },
    refusals: {
      http: {
        401: "missing or invalid credential; on the tool surface with WWW-Authenticate (Bearer, resource_metadata)",
        403: "a REST key lacks the route's scope; or a browser Origin (or, on loopback, a Host) is not allowed",
        404: "no such route (valid credential)",
        405: "the route exists and refused the method (valid credential), with Allow",
      },
      json_rpc: jsonRpcRefusals,
      challenge_example: bearerChallengeExample(config, base),
    },
  };
}

function bearerChallengeExample(config: Config, base: string): string {
  return bearerChallenge({ ...config, auth: { ...config.auth, publicBaseUrl: base } }, undefined, false);
}
