/**
 * Every 401 carries `WWW-Authenticate` (RFC 9110 §11.6.1), naming how to authenticate where it was refused. On REST
 * that is an API key in a header: `ApiKey realm="…", header="X-API-Key"`, and on a report feed or a report a feed
 * may link to, also a feed token in the query (`ApiKey realm="…", query="token"`). The tool surface's Bearer
 * challenge (challenge.ts) and the relay callback's signature challenge are set where they are refused; this hook
 * supplies the REST one, and is the safety net for any other 401, so no refusal goes out without a challenge.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { routePath } from "../http/public-url.js";
import type { RouteAccess } from "./authenticate.js";
import { bearerChallenge, REALM } from "./challenge.js";
import { surfaceOf } from "./credentials.js";
import { FEED_TOKEN_PARAM } from "./feed-token.js";

export const API_KEY_HEADER = "X-API-Key";

export function restChallenge(feed: boolean): string {
  const header = `ApiKey realm="${REALM}", header="${API_KEY_HEADER}"`;
  return feed ? `${header}, ApiKey realm="${REALM}", query="${FEED_TOKEN_PARAM}"` : header;
}

export function challengeEvery401(app: FastifyInstance, config: Config) {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 401 || reply.hasHeader("www-authenticate")) return payload;
    if (surfaceOf(routePath(request)) === "rest") {
      const feed = !request.is404 && (request.routeOptions.config as RouteAccess | undefined)?.feed === true;
      reply.header("www-authenticate", restChallenge(feed));
    } else reply.header("www-authenticate", bearerChallenge(config, request, false));
    return payload;
  });
}
