/**
 * Shared market-data topics (spec §2.11, §4.1 rule 10, scope reports:read): gateway/operations/shared-data.ts.
 * find-my-way matches the static `topics` segment before the `:topic` parameter, so a topic literally named
 * "topics" is reached as `topics.json`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { getDataTopic, listDataTopics } from "../operations/shared-data.js";
import { gatedErrors } from "../schemas/common.js";
import { dateParams, dateTopicParams, topicDocument, withNotFound } from "../schemas/reports.js";
import type { RestOptions } from "./options.js";
import { operationRoute } from "./operation-route.js";

const JSON_TYPE = "application/json; charset=utf-8";

export function dataRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.route(
    operationRoute(listDataTopics, clients, {
      summary: "List the shared-data topics of a date",
      params: dateParams,
      errors: gatedErrors,
      input: (request: FastifyRequest<{ Params: { date: string } }>) => request.params,
    }),
  );

  // The `.json` suffix is stripped by the service, so gRPC callers get the same answer.
  app.route(
    operationRoute(getDataTopic, clients, {
      summary: "Get a shared-data topic document",
      params: dateTopicParams,
      ok: topicDocument,
      errors: withNotFound,
      input: (request: FastifyRequest<{ Params: { date: string; topic: string } }>) => request.params,
      // The stored JSON text goes out as it is: a string payload with a JSON type skips the serializer.
      send: async (_request, reply, answer) => reply.type(JSON_TYPE).send((await answer()).json),
    }),
  );
}
