/**
 * The admin listener's only credential: the operator token in `Authorization: Bearer`. Only its SHA-256 is configured
 * (ADMIN_TOKEN_SHA256); the presented token is hashed and the two digests compared in constant time. Nothing else
 * authenticates here: an institute key (sk_ins_…) is refused before any comparison, and the token's digest may not be
 * a peer key's or an institute key's (checked at start), so no API key, peer key or OAuth token ever opens this door.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_KEY_PREFIX } from "../../gateway/auth/api-keys.js";
import { sendError } from "../../gateway/http/errors.js";

export const ADMIN_REALM = "institute-admin";

function refuse(request: FastifyRequest, reply: FastifyReply, error: string, tokenRefused: boolean) {
  request.log.warn({ remoteAddress: request.ip, reason: error }, "admin: refused");
  const challenge = `Bearer realm="${ADMIN_REALM}"${tokenRefused ? `, error="invalid_token"` : ""}`;
  return sendError(reply.header("www-authenticate", challenge), 401, error);
}

/** Whether a presented token is the operator token: its SHA-256 against the configured one, in constant time. */
export function isOperatorToken(tokenSha256: string, token: string): boolean {
  const presented = createHash("sha256").update(token).digest();
  return !token.startsWith(API_KEY_PREFIX) && timingSafeEqual(presented, Buffer.from(tokenSha256, "hex"));
}

/** The admin JSON routes' hook; with no operator token configured (null) every request is refused. */
export function operatorToken(tokenSha256: string | null) {
  return async function operatorTokenHook(request: FastifyRequest, reply: FastifyReply) {
    const authorization = request.headers.authorization;
    const match = typeof authorization === "string" ? /^Bearer +(\S+) *$/i.exec(authorization) : null;
    if (!match) {
      const other =
        request.headers["x-api-key"] !== undefined
          ? " (API keys, peer keys and OAuth tokens are not accepted here)"
          : "";
      return refuse(request, reply, `missing operator token: send it in Authorization: Bearer${other}`, false);
    }
    if (tokenSha256 === null)
      return refuse(request, reply, "no operator token is configured (ADMIN_TOKEN_SHA256): use the console", true);
    if (!isOperatorToken(tokenSha256, match[1]!)) {
      return refuse(request, reply, "invalid operator token", true);
    }
  };
}
