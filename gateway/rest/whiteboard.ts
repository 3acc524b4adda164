/**
 * GET /api/v1/whiteboard/...: threads, thread detail, card report, topic pool and similarity-gate log
 * (spec §4.1, scope whiteboard:read): gateway/operations/whiteboard.ts. Query values are checked by the schemas
 * before the service is called.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { cardReport, getThread, listThreads, similarityLog, topicPool } from "../operations/whiteboard.js";
import {
  boardParams,
  cardParams,
  cardReportQuery,
  markdownBody,
  similarityLogQuery,
  threadsQuery,
  topicPoolQuery,
} from "../schemas/catalog.js";
import { conditionalHeaders, errorResponse, gatedErrors } from "../schemas/common.js";
import type { RestOptions } from "./options.js";
import { sendMarkdown } from "./markdown.js";
import { operationRoute } from "./operation-route.js";

const notFound = { 404: errorResponse };

export function whiteboardRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.route(
    operationRoute(listThreads, clients, {
      summary: "List whiteboard threads",
      querystring: threadsQuery,
      errors: gatedErrors,
      input: (request: FastifyRequest<{ Querystring: { status?: string; limit: number } }>) => request.query,
    }),
  );

  app.route(
    operationRoute(getThread, clients, {
      summary: "Get a whiteboard thread with its cards",
      params: boardParams,
      errors: { ...gatedErrors, ...notFound },
      input: (request: FastifyRequest<{ Params: { boardId: string } }>) => ({ board_id: request.params.boardId }),
    }),
  );

  app.route(
    operationRoute(cardReport, clients, {
      summary: "Get a card’s report (markdown)",
      params: cardParams,
      querystring: cardReportQuery,
      headers: conditionalHeaders,
      ok: { content: { "text/markdown": { schema: markdownBody } } },
      errors: { ...gatedErrors, ...notFound },
      input: (request: FastifyRequest<{ Params: { cardId: string }; Querystring: { lang?: string } }>) => ({
        card_id: request.params.cardId,
        lang: request.query.lang,
      }),
      send: async (request, reply, answer) => sendMarkdown(request, reply, await answer()),
    }),
  );

  app.route(
    operationRoute(topicPool, clients, {
      summary: "List topic pool entries",
      querystring: topicPoolQuery,
      errors: gatedErrors,
      input: (request: FastifyRequest<{ Querystring: { status: string; limit: number } }>) => request.query,
    }),
  );

  app.route(
    operationRoute(similarityLog, clients, {
      summary: "List similarity-gate decisions",
      querystring: similarityLogQuery,
      errors: gatedErrors,
      input: (request: FastifyRequest<{ Querystring: { decision?: string; limit: number } }>) => request.query,
    }),
  );
}
