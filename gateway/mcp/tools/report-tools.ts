/**
 * Reports as tools (spec §4.1 rules 2 to 6). REST serves them under reports:read, which is not a tool-surface
 * scope (§5.2), so they need viewer:read. Markdown comes back as the `markdown` member with its SHA-256 and
 * archive time, since a tool result is a JSON object.
 */
import { GetWeeklyIndexResponseSchema } from "../../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { latestIndex } from "../../operations/latest-index.js";
import { markdownResult } from "../../operations/service-answers.js";
import { object, str } from "../../schemas/common.js";
import { analystIdParam, latestIndexResponse, weeklyIndex } from "../../schemas/reports.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { windowedMarkdown, windowInput, type WindowArgs } from "./document-window.js";
import { wholeDocument } from "./whole-document.js";
import { input, langInput, markdownMembers, NO_ARGUMENTS, workDateInput } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };

const readDaily = async ({ date, lang }: { date: string; lang?: string }, { clients }: ToolContext) =>
  markdownResult((await clients.reports.getDailyReport({ date, lang: lang ?? "" })).document);
const readWeekly = async ({ date, analyst_id, lang }: { date: string; analyst_id: string; lang?: string }, { clients }: ToolContext) =>
  markdownResult((await clients.reports.getWeeklyReport({ date, analystId: analyst_id, lang: lang ?? "" })).document);
const readFleetHealth = async ({ clients }: ToolContext) => markdownResult((await clients.reports.getFleetHealth({})).document);

type Windowed<A> = A & WindowArgs;

const daily: ToolDefinition<Windowed<{ date: string; lang?: string }>> = {
  name: "reports_daily",
  title: "Read the daily report",
  description:
    "The canonical daily report of a work date, as markdown: the daily editor's, latest archived draft.",
  grant,
  toolset: "reports",
  inputSchema: input({ date: workDateInput("Work date, YYYY-MM-DD (Asia/Singapore)."), lang: langInput, ...windowInput }, ["date"]),
  outputSchema: object({ date: str, ...markdownMembers }),
  pager: "none",
  async call(args, ctx) {
    return { date: args.date, ...windowedMarkdown(await readDaily(args, ctx), args) };
  },
  async readDocument(args, ctx) {
    return wholeDocument(await readDaily(args, ctx));
  },
};

const weeklyIndexTool: ToolDefinition<{ date: string }> = {
  name: "reports_weekly_index",
  title: "Weekly reports of a week",
  description: "Every analyst that published a weekly report in the Monday-to-Sunday ISO week containing `date`.",
  grant,
  toolset: "reports",
  inputSchema: input({ date: workDateInput("Any work date of the week, YYYY-MM-DD.") }, ["date"]),
  outputSchema: weeklyIndex,
  pager: "none",
  async call({ date }, { clients }) {
    return protoToJson(GetWeeklyIndexResponseSchema, await clients.reports.getWeeklyIndex({ date }));
  },
};

const weeklyAuthor: ToolDefinition<Windowed<{ date: string; analyst_id: string; lang?: string }>> = {
  name: "reports_weekly_author",
  title: "Read an analyst's weekly report",
  description:
    "One analyst's weekly report in the week containing `date`, as markdown; the most recently archived copy wins.",
  grant,
  toolset: "reports",
  inputSchema: input(
    { date: workDateInput("Any work date of the week, YYYY-MM-DD."), analyst_id: { ...analystIdParam, description: "The analyst's id." }, lang: langInput, ...windowInput },
    ["date", "analyst_id"],
  ),
  outputSchema: object({ date: str, analyst_id: str, ...markdownMembers }),
  pager: "none",
  async call(args, ctx) {
    return { date: args.date, analyst_id: args.analyst_id, ...windowedMarkdown(await readWeekly(args, ctx), args) };
  },
  async readDocument(args, ctx) {
    return wholeDocument(await readWeekly(args, ctx));
  },
};

const fleetHealth: ToolDefinition<WindowArgs> = {
  name: "reports_fleet_health",
  title: "Read the latest fleet-health snapshot",
  description: "The latest fleet-health snapshot as markdown; generated daily at 00:00 Asia/Singapore.",
  grant,
  toolset: "reports",
  inputSchema: input({ ...windowInput }),
  outputSchema: object({ ...markdownMembers }),
  pager: "none",
  async call(args, ctx) {
    return windowedMarkdown(await readFleetHealth(ctx), args);
  },
  async readDocument(_args, ctx) {
    return wholeDocument(await readFleetHealth(ctx));
  },
};

const latest: ToolDefinition<Record<string, never>> = {
  name: "reports_latest",
  title: "The latest index",
  description:
    "What is newest: the most recent daily report within 3 days, this week's weekly count, and the top 5 portfolios by Sharpe.",
  grant,
  toolset: "reports",
  inputSchema: NO_ARGUMENTS,
  outputSchema: latestIndexResponse,
  pager: "none",
  async call(_args, { clients }) {
    return latestIndex(clients);
  },
};

export const REPORT_TOOLS: ToolDefinition[] = [daily, weeklyIndexTool, weeklyAuthor, fleetHealth, latest];
