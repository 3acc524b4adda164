/**
 * GET /api/v1/whiteboard/...: threads, thread detail, card report, topic pool and similarity-gate log
 * (spec §4.1, scope whiteboard:read). Query values are checked by the schemas before the service is called.
 */
import type { FastifyInstance } from "fastify";
import {
  ListSimilarityLogResponseSchema,
  ListThreadsResponseSchema,
  ListTopicPoolResponseSchema,
  ThreadDetailSchema,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import {
  boardParams,
  cardParams,
  cardReportQuery,
  listThreadsResponse,
  markdownBody,
  similarityLogQuery,
  similarityLogResponse,
  threadDetail,
  threadsQuery,
  TOPIC_POOL_ALL,
  topicPoolQuery,
  topicPoolResponse,
} from "../schemas/catalog.js";
import { conditionalHeaders, errorResponse, gatedErrors } from "../schemas/common.js";
import { required } from "../operations/service-answers.js";
import type { RestOptions } from "./index.js";
import { sendMarkdown } from "./markdown.js";

const scope = "whiteboard:read";
const notFound = { 404: errorResponse };

export function whiteboardRoutes(app: FastifyInstance, opts: RestOptions) {
  const catalog = opts.clients.catalog;

  app.get<{ Querystring: { status?: string; limit: number } }>(
    "/whiteboard/threads",
    { config: { scope }, schema: { summary: "List whiteboard threads", querystring: threadsQuery, response: { 200: listThreadsResponse, ...gatedErrors } } },
    async (request) => {
      const { status = "", limit } = request.query;
      return protoToJson(ListThreadsResponseSchema, await catalog.listThreads({ status, limit }));
    },
  );

  app.get<{ Params: { boardId: string } }>(
    "/whiteboard/threads/:boardId",
    { config: { scope }, schema: { summary: "Get a whiteboard thread with its cards", params: boardParams, response: { 200: threadDetail, ...gatedErrors, ...notFound } } },
    async (request) => {
      const { thread } = await catalog.getThread({ boardId: request.params.boardId });
      return protoToJson(ThreadDetailSchema, required(thread, "thread"));
    },
  );

  app.get<{ Params: { cardId: string }; Querystring: { lang?: string } }>(
    "/whiteboard/cards/:cardId/report",
    {
      config: { scope },
      schema: { summary: "Get a card’s report (markdown)", 
        params: cardParams,
        querystring: cardReportQuery,
        headers: conditionalHeaders,
        response: { 200: { content: { "text/markdown": { schema: markdownBody } } }, ...gatedErrors, ...notFound },
      },
    },
    async (request, reply) => {
      const { document } = await catalog.getCardReport({ cardId: request.params.cardId, lang: request.query.lang ?? "" });
      return sendMarkdown(request, reply, required(document, "document"));
    },
  );

  app.get<{ Querystring: { status: string; limit: number } }>(
    "/whiteboard/topic-pool",
    { config: { scope }, schema: { summary: "List topic pool entries", querystring: topicPoolQuery, response: { 200: topicPoolResponse, ...gatedErrors } } },
    async (request) => {
      const { status, limit } = request.query;
      // The service's "every status" is the empty filter.
      const filter = status === TOPIC_POOL_ALL ? "" : status;
      return protoToJson(ListTopicPoolResponseSchema, await catalog.listTopicPool({ status: filter, limit }));
    },
  );

  app.get<{ Querystring: { decision?: string; limit: number } }>(
    "/whiteboard/similarity-log",
    { config: { scope }, schema: { summary: "List similarity-gate decisions", querystring: similarityLogQuery, response: { 200: similarityLogResponse, ...gatedErrors } } },
    async (request) => {
      const { decision = "", limit } = request.query;
      return protoToJson(ListSimilarityLogResponseSchema, await catalog.listSimilarityLog({ decision, limit }));
    },
  );
}
