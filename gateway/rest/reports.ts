/**
 * Reports (spec §4.1, scope reports:read): fleet health (rule 5, never cached), the canonical daily (rule 2),
 * the weekly index (rule 3) and a weekly author's report (rule 4): gateway/operations/reports.ts. The markdown
 * reports go out with their validators, and a conditional GET the recently seen validators answer never reaches
 * the service.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { dailyReport, fleetHealth, weeklyIndexOperation, weeklyReport } from "../operations/reports.js";
import type { MarkdownAnswer } from "../operations/service-answers.js";
import { conditionalHeaders, gatedErrors } from "../schemas/common.js";
import { dateAnalystParams, dateParams, langQuerystring, markdownBody, withNotFound } from "../schemas/reports.js";
import type { RestOptions } from "./options.js";
import { isConditional, sendMarkdown, sendNotModified, sendUncachedMarkdown } from "./markdown.js";
import { operationRoute } from "./operation-route.js";
import { createValidatorCache } from "./validator-cache.js";

interface LangQuery {
  lang?: "en" | "zh";
}

export function reportRoutes(app: FastifyInstance, opts: RestOptions) {
  const clients = opts.clients;
  const validators = createValidatorCache({
    ttlMs: opts.config.reportValidatorCacheMs,
    now: opts.now,
    stamp: () => opts.readCache?.stamp("reports"),
  });

  /**
   * A daily or weekly report: a conditional GET the recently seen validators already answer is 304 at once;
   * anything else asks the service for the current report, and remembers its validators.
   */
  async function sendReport(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<MarkdownAnswer>,
  ) {
    const known = isConditional(request) ? validators.get(key) : undefined;
    if (known && sendNotModified(request, reply, known)) return reply;
    const stamp = validators.begin();
    const answer = await load();
    validators.set(key, { sha256: answer.sha256, lastModified: answer.last_modified }, stamp);
    return sendMarkdown(request, reply, answer);
  }

  app.route(
    operationRoute(fleetHealth, clients, {
      summary: "Get the latest fleet-health snapshot (markdown)",
      ok: markdownBody,
      errors: withNotFound,
      input: () => ({}),
      send: async (_request, reply, answer) => sendUncachedMarkdown(reply, await answer()),
    }),
  );

  app.route(
    operationRoute(dailyReport, clients, {
      summary: "Get the daily report (markdown)",
      feed: true,
      params: dateParams,
      querystring: langQuerystring,
      headers: conditionalHeaders,
      ok: markdownBody,
      errors: withNotFound,
      input: (request: FastifyRequest<{ Params: { date: string }; Querystring: LangQuery }>) => ({
        date: request.params.date,
        lang: request.query.lang,
      }),
      send: (request, reply, answer) =>
        sendReport(request, reply, JSON.stringify(["daily", request.params.date, request.query.lang ?? ""]), answer),
    }),
  );

  app.route(
    operationRoute(weeklyIndexOperation, clients, {
      summary: "List the week’s weekly reports",
      params: dateParams,
      errors: gatedErrors,
      input: (request: FastifyRequest<{ Params: { date: string } }>) => ({ date: request.params.date }),
    }),
  );

  app.route(
    operationRoute(weeklyReport, clients, {
      summary: "Get an analyst’s weekly report (markdown)",
      feed: true,
      params: dateAnalystParams,
      querystring: langQuerystring,
      headers: conditionalHeaders,
      ok: markdownBody,
      errors: withNotFound,
      input: (request: FastifyRequest<{ Params: { date: string; analystId: string }; Querystring: LangQuery }>) => ({
        date: request.params.date,
        analyst_id: request.params.analystId,
        lang: request.query.lang,
      }),
      send: (request, reply, answer) =>
        sendReport(
          request,
          reply,
          JSON.stringify(["weekly", request.params.date, request.params.analystId, request.query.lang ?? ""]),
          answer,
        ),
    }),
  );
}
