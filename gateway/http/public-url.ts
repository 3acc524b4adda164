/** The service's public address: PUBLIC_BASE_URL, else http://HOST:PORT with the port actually bound. */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../lib/config/config.js";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** A loopback host name or address: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_NAMES.has(h) || h.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(h);
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

export function publicBaseUrl(config: Config, app?: FastifyInstance): string {
  if (config.auth.publicBaseUrl) return config.auth.publicBaseUrl;
  const address = app?.server.address();
  const port = address && typeof address === "object" ? address.port : config.port;
  return `http://${hostForUrl(config.host)}:${port}`;
}

/** Where each public surface lives: the REST API (spec §9: `/api/v1/`) and the tool endpoint. */
export const REST_PREFIX = "/api/v1";
export const MCP_PATH = "/api/mcp";
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

/**
 * A request path percent-decoded, so `/api/v%31/…` or `/api/%6Dcp` cannot slip past a check written against the plain
 * path; as received when it does not decode.
 */
export function decodedPath(url: string): string {
  const raw = url.split("?")[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
