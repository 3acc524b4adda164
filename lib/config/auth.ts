/**
 * Configuration of the tool endpoint's credentials and browser access, read from the environment by lib/config/config.ts.
 */
import path from "node:path";
import type { EnvReader } from "./env.js";
import { NO_PEERS, readPeersFile, type PeersConfig } from "./peers-file.js";
import { TOOL_SCOPES } from "../scopes.js";

export interface AuthConfig {
  /** The identity hub (the OAuth 2.0 authorization server), without a trailing slash. Unset: no OAuth tokens are accepted. */
  authUrl: string | undefined;
  /** The one upstream address a bearer token is sent to, to resolve it to an identity. Default `${AUTH_URL}/oauth/userinfo`. */
  identityUrl: string | undefined;
  /** The scopes an OAuth identity holds, narrowed by a `scope` claim in the hub's answer (DESIGN §9). */
  oauthDefaultScopes: string[];
  /** Seconds a resolved token (or a refusal) stays cached under the token's SHA-256. */
  oauthCacheSeconds: number;
  peersFile: string | undefined;
  peers: PeersConfig;
  /** The public address of this service, without a trailing slash. Unset: http://HOST:PORT (the port actually bound). */
  publicBaseUrl: string | undefined;
  /** Browser origins allowed to call /api/mcp (CORS). While bound to loopback, loopback origins are allowed too. */
  allowedOrigins: string[];
}

const httpUrl = (env: EnvReader, name: string) => env.url(name, ["http:", "https:"], { bare: true });

const withoutSlash = (u: URL) => u.href.replace(/\/+$/, "");

function scopes(env: EnvReader): string[] {
  const raw = env.text("OAUTH_DEFAULT_SCOPES");
  if (raw === undefined) return ["viewer:read"];
  const list = [...new Set(raw.split(/[\s,]+/).filter(Boolean))].sort();
  const unknown = list.filter((s) => !(TOOL_SCOPES as readonly string[]).includes(s));
  if (unknown.length)
    throw env.fail(
      "OAUTH_DEFAULT_SCOPES",
      `names unknown scope ${unknown.join(", ")} (tool scopes: ${TOOL_SCOPES.join(", ")})`,
    );
  if (list.length === 0)
    throw env.fail(
      "OAUTH_DEFAULT_SCOPES",
      "must name at least one scope (leave AUTH_URL unset to refuse OAuth tokens)",
    );
  return list;
}

function origins(env: EnvReader): string[] {
  const raw = env.text("MCP_ALLOWED_ORIGINS");
  if (raw === undefined) return [];
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => {
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        throw env.fail(
          "MCP_ALLOWED_ORIGINS",
          `holds "${origin}", which is not an origin such as https://app.example.com`,
        );
      }
      if (parsed.origin === "null" || parsed.origin !== origin.replace(/\/$/, "")) {
        throw env.fail(
          "MCP_ALLOWED_ORIGINS",
          `holds "${origin}", which is not an origin (scheme://host[:port], no path)`,
        );
      }
      return parsed.origin;
    });
}

export function readAuthConfig(env: EnvReader): AuthConfig {
  const authUrl = httpUrl(env, "AUTH_URL");
  const identity = httpUrl(env, "AUTH_IDENTITY_URL");
  if (identity && !authUrl) throw env.fail("AUTH_IDENTITY_URL", "needs AUTH_URL (the identity hub) to be set too");
  const peersFile = env.text("PEERS_FILE");
  const base = httpUrl(env, "PUBLIC_BASE_URL");
  return {
    authUrl: authUrl && withoutSlash(authUrl),
    identityUrl: identity ? identity.href : authUrl && `${withoutSlash(authUrl)}/oauth/userinfo`,
    oauthDefaultScopes: scopes(env),
    oauthCacheSeconds: env.whole("OAUTH_CACHE_SECONDS", 60, 0, 3600),
    peersFile: peersFile && path.resolve(peersFile),
    peers: peersFile ? readPeersFile(path.resolve(peersFile), env) : NO_PEERS,
    publicBaseUrl: base && withoutSlash(base),
    allowedOrigins: origins(env),
  };
}
