/**
 * Shared market-data topics (spec §2.11, §4.1 rule 10, scope reports:read). find-my-way matches the static
 * `topics` segment before the `:topic` parameter, so a topic literally named "topics" is reached as `topics.json`.
 */
import type { FastifyInstance } from "fastify";
import { ListDataTopicsResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { gatedErrors } from "../schemas/common.js";
import { dateParams, dateTopicParams, sharedDataTopics, topicDocument, withNotFound } from "../schemas/reports.js";
import type { RestOptions } from "./index.js";

const access = { scope: "reports:read" };
const JSON_TYPE = "application/json; charset=utf-8";

export function dataRoutes(app: FastifyInstance, opts: RestOptions) {
  const reports = opts.clients.reports;

  app.get<{ Params: { date: string } }>(
    "/data/:date/topics",
    { config: access, schema: { summary: "List the shared-data topics of a date", params: dateParams, response: { 200: sharedDataTopics, ...gatedErrors } } },
    async (request) => protoToJson(ListDataTopicsResponseSchema, await reports.listDataTopics({ date: request.params.date })),
  );

  // The `.json` suffix is stripped by the service, so gRPC callers get the same answer.
  app.get<{ Params: { date: string; topic: string } }>(
    "/data/:date/:topic",
    { config: access, schema: { summary: "Get a shared-data topic document", params: dateTopicParams, response: { 200: topicDocument, ...withNotFound } } },
    async (request, reply) => {
      const { documentJson } = await reports.getDataTopic({ date: request.params.date, topic: request.params.topic });
      // The stored JSON text goes out as it is: a string payload with a JSON type skips the serializer.
      return reply.type(JSON_TYPE).send(documentJson);
    },
  );
}
