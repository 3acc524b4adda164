/**
 * Every 401 carries `WWW-Authenticate` (RFC 9110 §11.6.1), naming how to authenticate where it was refused. On REST
 * that is an API key in a header: `ApiKey realm="…", header="X-API-Key"`, and on a report feed or a report a feed
 * may link to, also a feed token in the query (`ApiKey realm="…", query="token"`). The REST surface renders its
 * refusals with it, and its onSend hook is the safety net for any other 401 it answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Refusal, sendRefusal } from "../http/refusal.js";
import type { RouteAccess } from "./authenticate.js";
import { REALM } from "./challenge.js";
import { FEED_TOKEN_PARAM } from "./feed-token.js";

export const API_KEY_HEADER = "X-API-Key";

export function restChallenge(feed: boolean): string {
  const header = `ApiKey realm="${REALM}", header="${API_KEY_HEADER}"`;
  return feed ? `${header}, ApiKey realm="${REALM}", query="${FEED_TOKEN_PARAM}"` : header;
}

const challengeFor = (request: FastifyRequest) =>
  restChallenge(!request.is404 && (request.routeOptions.config as RouteAccess | undefined)?.feed === true);

/** The REST surface's refusals: an ErrorResponse, and on a 401 the ApiKey challenge. */
export function renderRestRefusal(refusal: Refusal, request: FastifyRequest, reply: FastifyReply) {
  if (refusal.status === 401) reply.header("www-authenticate", challengeFor(request));
  return sendRefusal(refusal, reply);
}

/** On the REST surface: a 401 that names no challenge gets the ApiKey one. */
export function restChallengeEvery401(app: FastifyInstance) {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 401 && !reply.hasHeader("www-authenticate"))
      reply.header("www-authenticate", challengeFor(request));
    return payload;
  });
}
