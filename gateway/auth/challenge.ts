/**
 * The 401 of the tool surface: `WWW-Authenticate: Bearer realm=…, resource_metadata=…` names where to authenticate
 * (spec §5.2 rule 2, §7.2 rule 1), with `error="invalid_token"` when a presented token was refused (RFC 6750 §3).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { sendError } from "../http/errors.js";
import { sendRefusal, type Refusal } from "../http/refusal.js";
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

/** Everywhere but REST: refusals are ErrorResponses, and a credential refusal carries the Bearer challenge. */
export function bearerRefusals(config: Config) {
  return function renderBearerRefusal(refusal: Refusal, request: FastifyRequest, reply: FastifyReply) {
    if (refusal.reason === "credential")
      return sendChallenge(config, request, reply, refusal.message, refusal.tokenRefused);
    return sendRefusal(refusal, reply);
  };
}

/** Everywhere but REST: a 401 that names no challenge (a route's own refusal) gets the Bearer one. */
export function bearerChallengeEvery401(app: FastifyInstance, config: Config) {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 401 && !reply.hasHeader("www-authenticate"))
      reply.header("www-authenticate", bearerChallenge(config, request, false));
    return payload;
  });
}
