/**
 * Reports (spec §4.1, scope reports:read): fleet health (rule 5, never cached), the canonical daily (rule 2),
 * the weekly index (rule 3) and a weekly author's report (rule 4). The choice of report is the service's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { MarkdownDocument } from "../../gen/institute/common/v1/markdown_pb.js";
import { GetWeeklyIndexResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { markdownResult } from "../operations/service-answers.js";
import { conditionalHeaders, gatedErrors } from "../schemas/common.js";
import { dateAnalystParams, dateParams, langQuerystring, markdownBody, weeklyIndex, withNotFound } from "../schemas/reports.js";
import type { RestOptions } from "./index.js";
import { isConditional, sendMarkdown, sendNotModified, sendUncachedMarkdown } from "./markdown.js";
import { createValidatorCache } from "./validator-cache.js";

const access = { scope: "reports:read" };

interface LangQuery {
  lang?: "en" | "zh";
}

export function reportRoutes(app: FastifyInstance, opts: RestOptions) {
  const reports = opts.clients.reports;
  const validators = createValidatorCache({ ttlMs: opts.config.reportValidatorCacheMs, now: opts.now });

  /**
   * A daily or weekly report: a conditional GET the recently seen validators already answer is 304 at once;
   * anything else asks the service for the current report, and remembers its validators.
   */
  async function sendReport(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<{ document?: MarkdownDocument }>) {
    const known = isConditional(request) ? validators.get(key) : undefined;
    if (known && sendNotModified(request, reply, known)) return reply;
    const { document } = await load();
    const answer = markdownResult(document);
    validators.set(key, { sha256: answer.sha256, lastModified: answer.last_modified });
    return sendMarkdown(request, reply, answer);
  }

  app.get(
    "/reports/fleet-health/latest",
    { config: access, schema: { summary: "Get the latest fleet-health snapshot (markdown)", response: { 200: markdownBody, ...withNotFound } } },
    async (_request, reply) => sendUncachedMarkdown(reply, markdownResult((await reports.getFleetHealth({})).document)),
  );

  app.get<{ Params: { date: string }; Querystring: LangQuery }>(
    "/reports/daily/:date",
    { config: access, schema: { summary: "Get the daily report (markdown)", params: dateParams, querystring: langQuerystring, headers: conditionalHeaders, response: { 200: markdownBody, ...withNotFound } } },
    async (request, reply) => {
      const { date } = request.params;
      const lang = request.query.lang ?? "";
      return sendReport(request, reply, JSON.stringify(["daily", date, lang]), () => reports.getDailyReport({ date, lang }));
    },
  );

  app.get<{ Params: { date: string } }>(
    "/reports/weekly/:date",
    { config: access, schema: { summary: "List the week’s weekly reports", params: dateParams, response: { 200: weeklyIndex, ...gatedErrors } } },
    async (request) => protoToJson(GetWeeklyIndexResponseSchema, await reports.getWeeklyIndex({ date: request.params.date })),
  );

  app.get<{ Params: { date: string; analystId: string }; Querystring: LangQuery }>(
    "/reports/weekly/:date/:analystId",
    {
      config: access,
      schema: { summary: "Get an analyst’s weekly report (markdown)", params: dateAnalystParams, querystring: langQuerystring, headers: conditionalHeaders, response: { 200: markdownBody, ...withNotFound } },
    },
    async (request, reply) => {
      const { date, analystId } = request.params;
      const lang = request.query.lang ?? "";
      return sendReport(request, reply, JSON.stringify(["weekly", date, analystId, lang]), () => reports.getWeeklyReport({ date, analystId, lang }));
    },
  );
}
