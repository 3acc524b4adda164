/**
 * Configuration of the tool endpoint's credentials and browser access, read from the environment by lib/config.ts.
 * Each bad value is reported through `fail(variable, problem)`, so start-up stops with one line.
 */
import path from "node:path";
import { NO_PEERS, readPeersFile, type PeersConfig } from "./peers-file.js";
import { TOOL_SCOPES } from "../scopes.js";

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => Error;

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

const set = (env: Env, name: string) => (env[name] === undefined || env[name]!.trim() === "" ? undefined : env[name]!.trim());

function url(env: Env, name: string, fail: Fail): URL | undefined {
  const raw = set(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw fail(name, "is not a URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw fail(name, `must be an http(s):// URL, got ${parsed.protocol}`);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) throw fail(name, "must not carry a query, fragment or credentials");
  return parsed;
}

const withoutSlash = (u: URL) => u.href.replace(/\/+$/, "");

function scopes(env: Env, fail: Fail): string[] {
  const raw = set(env, "OAUTH_DEFAULT_SCOPES");
  if (raw === undefined) return ["viewer:read"];
  const list = [...new Set(raw.split(/[\s,]+/).filter(Boolean))].sort();
  const unknown = list.filter((s) => !(TOOL_SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw fail("OAUTH_DEFAULT_SCOPES", `names unknown scope ${unknown.join(", ")} (tool scopes: ${TOOL_SCOPES.join(", ")})`);
  if (list.length === 0) throw fail("OAUTH_DEFAULT_SCOPES", "must name at least one scope (leave AUTH_URL unset to refuse OAuth tokens)");
  return list;
}

function origins(env: Env, fail: Fail): string[] {
  const raw = set(env, "MCP_ALLOWED_ORIGINS");
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
        throw fail("MCP_ALLOWED_ORIGINS", `holds "${origin}", which is not an origin such as https://app.example.com`);
      }
      if (parsed.origin === "null" || parsed.origin !== origin.replace(/\/$/, "")) {
        throw fail("MCP_ALLOWED_ORIGINS", `holds "${origin}", which is not an origin (scheme://host[:port], no path)`);
      }
      return parsed.origin;
    });
}

function int(env: Env, name: string, fallback: number, max: number, fail: Fail): number {
  const raw = set(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw fail(name, `must be a whole number from 0 to ${max}, got "${raw}"`);
  return Number(raw);
}

export function readAuthConfig(env: Env, fail: Fail): AuthConfig {
  const authUrl = url(env, "AUTH_URL", fail);
  const identity = url(env, "AUTH_IDENTITY_URL", fail);
  if (identity && !authUrl) throw fail("AUTH_IDENTITY_URL", "needs AUTH_URL (the identity hub) to be set too");
  const peersFile = set(env, "PEERS_FILE");
  const base = url(env, "PUBLIC_BASE_URL", fail);
  return {
    authUrl: authUrl && withoutSlash(authUrl),
    identityUrl: identity ? identity.href : authUrl && `${withoutSlash(authUrl)}/oauth/userinfo`,
    oauthDefaultScopes: scopes(env, fail),
    oauthCacheSeconds: int(env, "OAUTH_CACHE_SECONDS", 60, 3600, fail),
    peersFile: peersFile && path.resolve(peersFile),
    peers: peersFile ? readPeersFile(path.resolve(peersFile), fail) : NO_PEERS,
    publicBaseUrl: base && withoutSlash(base),
    allowedOrigins: origins(env, fail),
  };
}
