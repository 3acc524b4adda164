/**
 * Reports (spec §4.1 rules 2 to 5, scope reports:read): fleet health, the canonical daily, the weekly index and a
 * weekly author's report. The choice of report is the service's; a report is a markdown answer (service-answers.ts).
 */
import { GetWeeklyIndexResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { analystIdParam, weeklyIndex } from "../schemas/reports.js";
import { input, langInput, NO_ARGUMENTS, workDateInput } from "./input-schemas.js";
import type { Operation } from "./operation.js";
import { linkTo } from "./route-links.js";
import { markdownAnswer, markdownResult, type MarkdownAnswer } from "./service-answers.js";

const scope = "reports:read";
const weekDateInput = workDateInput("Any work date of the week, YYYY-MM-DD.");

export const fleetHealth: Operation<Record<string, never>, MarkdownAnswer> = {
  route: { method: "GET", path: "/api/v1/reports/fleet-health/latest" },
  tool: "reports_fleet_health",
  scope,
  input: NO_ARGUMENTS,
  output: markdownAnswer,
  call: async (_input, clients) => markdownResult((await clients.reports.getFleetHealth({})).document),
};

/** Where the daily report of a work date is served. */
export const dailyReportUrl = (workDate: string) => linkTo(dailyReport, { date: workDate });

export const dailyReport: Operation<{ date: string; lang?: string }, MarkdownAnswer> = {
  route: { method: "GET", path: "/api/v1/reports/daily/{date}" },
  tool: "reports_daily",
  scope,
  input: input({ date: workDateInput("Work date, YYYY-MM-DD (Asia/Singapore)."), lang: langInput }, ["date"]),
  output: markdownAnswer,
  call: async ({ date, lang }, clients) =>
    markdownResult((await clients.reports.getDailyReport({ date, lang: lang ?? "" })).document),
};

export const weeklyIndexOperation: Operation<{ date: string }> = {
  route: { method: "GET", path: "/api/v1/reports/weekly/{date}" },
  tool: "reports_weekly_index",
  scope,
  input: input({ date: weekDateInput }, ["date"]),
  output: weeklyIndex,
  async call({ date }, clients) {
    const index = protoToJson(GetWeeklyIndexResponseSchema, await clients.reports.getWeeklyIndex({ date }));
    const authors = index.authors as { analyst_id: string; work_date: string }[];
    return { ...index, authors: authors.map((a) => ({ ...a, report_url: weeklyReportUrl(a) })) };
  },
};

/** Where a weekly author's report is served. */
export const weeklyReportUrl = (author: { work_date: string; analyst_id: string }) =>
  linkTo(weeklyReport, { date: author.work_date, analystId: author.analyst_id });

export const weeklyReport: Operation<{ date: string; analyst_id: string; lang?: string }, MarkdownAnswer> = {
  route: { method: "GET", path: "/api/v1/reports/weekly/{date}/{analystId}" },
  tool: "reports_weekly_author",
  scope,
  input: input(
    { date: weekDateInput, analyst_id: { ...analystIdParam, description: "The analyst's id." }, lang: langInput },
    ["date", "analyst_id"],
  ),
  output: markdownAnswer,
  call: async ({ date, analyst_id, lang }, clients) =>
    markdownResult((await clients.reports.getWeeklyReport({ date, analystId: analyst_id, lang: lang ?? "" })).document),
};

export const REPORT_OPERATIONS = [fleetHealth, dailyReport, weeklyIndexOperation, weeklyReport];
