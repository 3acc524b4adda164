/**
 * Reports (spec §4.1, scope reports:read): fleet health (rule 5, never cached), the canonical daily (rule 2),
 * the weekly index (rule 3) and a weekly author's report (rule 4). The choice of report is the service's.
 */
import type { FastifyInstance } from "fastify";
import { GetWeeklyIndexResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { gatedErrors } from "../schemas/common.js";
import { dateAnalystParams, dateParams, langQuerystring, markdownBody, weeklyIndex, withNotFound } from "../schemas/reports.js";
import type { RestOptions } from "./index.js";
import { sendMarkdown, sendUncachedMarkdown } from "./markdown.js";

const access = { scope: "reports:read" };

interface LangQuery {
  lang?: "en" | "zh";
}

export function reportRoutes(app: FastifyInstance, opts: RestOptions) {
  const reports = opts.clients.reports;

  app.get(
    "/reports/fleet-health/latest",
    { config: access, schema: { response: { 200: markdownBody, ...withNotFound } } },
    async (_request, reply) => sendUncachedMarkdown(reply, (await reports.getFleetHealth({})).document),
  );

  app.get<{ Params: { date: string }; Querystring: LangQuery }>(
    "/reports/daily/:date",
    { config: access, schema: { params: dateParams, querystring: langQuerystring, response: { 200: markdownBody, ...withNotFound } } },
    async (request, reply) => {
      const { document } = await reports.getDailyReport({ date: request.params.date, lang: request.query.lang ?? "" });
      return sendMarkdown(request, reply, document);
    },
  );

  app.get<{ Params: { date: string } }>(
    "/reports/weekly/:date",
    { config: access, schema: { params: dateParams, response: { 200: weeklyIndex, ...gatedErrors } } },
    async (request) => protoToJson(GetWeeklyIndexResponseSchema, await reports.getWeeklyIndex({ date: request.params.date })),
  );

  app.get<{ Params: { date: string; analystId: string }; Querystring: LangQuery }>(
    "/reports/weekly/:date/:analystId",
    {
      config: access,
      schema: { params: dateAnalystParams, querystring: langQuerystring, response: { 200: markdownBody, ...withNotFound } },
    },
    async (request, reply) => {
      const { date, analystId } = request.params;
      const { document } = await reports.getWeeklyReport({ date, analystId, lang: request.query.lang ?? "" });
      return sendMarkdown(request, reply, document);
    },
  );
}
