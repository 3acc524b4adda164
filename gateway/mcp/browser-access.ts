/**
 * Browser access to the tool endpoint (MCP streamable HTTP, "Security Warning"): CORS for the allowed origins, a
 * 403 for any other Origin, and, while the gateway is bound to a loopback address, a 403 for a foreign Host
 * (DNS-rebinding protection). Installed on the endpoint's own plugin before authentication, so a preflight (which
 * carries no credential) is answered here, and a 401 to an allowed origin still exposes WWW-Authenticate.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { sendError } from "../http/errors.js";
import { CROSS_ORIGIN_EXPOSED, CROSS_ORIGIN_REQUEST_HEADERS } from "../http/cross-origin.js";
import { isLoopbackHost, publicBaseUrl } from "../http/public-url.js";
/** The host name of a Host header value (`example.com:8080`, `[::1]:80`), lowercased, without the port. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  return h.replace(/:\d*$/, "");
}

export function browserAccess(config: Config) {
  const loopbackBound = isLoopbackHost(config.host);
  const configured = new Set(config.auth.allowedOrigins);
  const publicHost = config.auth.publicBaseUrl ? new URL(config.auth.publicBaseUrl).hostname.toLowerCase() : undefined;

  function originAllowed(origin: string, request: FastifyRequest): boolean {
    if (configured.has(origin) || origin === new URL(publicBaseUrl(config, request.server)).origin) return true;
    try {
      const url = new URL(origin);
      return loopbackBound && (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname);
    } catch {
      return false;
    }
  }

  function hostAllowed(host: string | undefined): boolean {
    if (!loopbackBound) return true;
    if (host === undefined) return false;
    const name = hostName(host);
    return isLoopbackHost(name) || name === publicHost;
  }

  return async function browserAccessHook(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (!hostAllowed(request.headers.host))
      return sendError(reply, 403, `host not allowed: ${request.headers.host ?? "(none)"}`);
    if (origin === undefined) return;
    if (!originAllowed(origin, request)) return sendError(reply, 403, `origin not allowed: ${origin}`);
    reply
      .header("access-control-allow-origin", origin)
      .header("vary", "Origin")
      .header("access-control-expose-headers", CROSS_ORIGIN_EXPOSED);
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined) {
      return reply
        .code(204)
        .header("access-control-allow-methods", "POST")
        .header("access-control-allow-headers", CROSS_ORIGIN_REQUEST_HEADERS)
        .header("access-control-max-age", "600")
        .send();
    }
  };
}
