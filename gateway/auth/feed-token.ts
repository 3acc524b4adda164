/**
 * Feed tokens: institute keys whose single scope is feeds:read, for feed readers that cannot send a header. On a
 * feed route, and only there, such a key may come in the `token` query parameter. Any other key in that parameter is
 * refused: an institute key never travels in a URL, where proxies, browser histories and referrers keep it. The
 * token is stored as a digest like every key, expires, rotates and is revoked with `npm run keys`, is counted by the
 * rate limit as its key, and is censored from every logged URL (lib/observability/logger.ts).
 */
import type { FastifyRequest } from "fastify";
import type { ApiKeyPrincipal, ApiKeyResolver } from "./api-keys.js";
import { FEED_SCOPE } from "../../lib/scopes.js";

export const FEED_TOKEN_PARAM = "token";

/** The token in the query string, when there is exactly one. */
export function feedTokenOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[FEED_TOKEN_PARAM];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export async function resolveFeedToken(
  token: string,
  apiKeys: ApiKeyResolver,
): Promise<{ principal: ApiKeyPrincipal } | { error: string }> {
  const principal = await apiKeys.resolve(token);
  if (!principal) return { error: "invalid feed token" };
  if (principal.scopes.size !== 1 || !principal.scopes.has(FEED_SCOPE)) {
    return {
      error: `only a feed token (a key whose one scope is ${FEED_SCOPE}) may be sent in a URL; send an institute key in the X-API-Key header`,
    };
  }
  return { principal };
}
