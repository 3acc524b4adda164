/**
 * The 401 of the tool surface: `WWW-Authenticate: Bearer realm=…, resource_metadata=…` names where to authenticate
 * (spec §5.2 rule 2, §7.2 rule 1), with `error="invalid_token"` when a presented token was refused (RFC 6750 §3).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { sendError } from "../http/errors.js";
import { publicBaseUrl, RESOURCE_METADATA_PATH } from "../http/public-url.js";

export const REALM = "institute-research";

export function bearerChallenge(config: Config, request: FastifyRequest | undefined, tokenRefused: boolean): string {
  const metadata = `${publicBaseUrl(config, request?.server)}${RESOURCE_METADATA_PATH}`;
  const parts = [`realm="${REALM}"`, `resource_metadata="${metadata}"`];
  if (tokenRefused) parts.push(`error="invalid_token"`);
  return `Bearer ${parts.join(", ")}`;
}

export function sendChallenge(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  error: string,
  tokenRefused: boolean,
) {
  return sendError(reply.header("www-authenticate", bearerChallenge(config, request, tokenRefused)), 401, error);
}
