/**
 * Reports as tools (spec §4.1 rules 2 to 6): the operations of gateway/operations/reports.ts and latest-index.ts.
 * REST serves them under reports:read, which is not a tool-surface scope (§5.2), so they need viewer:read.
 * Markdown comes back as the `markdown` member with its SHA-256 and archive time, windowed, since a tool result is
 * a JSON object.
 */
import { LATEST_DAILY_LOOKBACK_DAYS } from "../../../services/reports/service.js";
import { LATEST_LEADERBOARD_SIZE, latestIndex } from "../../operations/latest-index.js";
import { dailyReport, fleetHealth, weeklyIndexOperation, weeklyReport } from "../../operations/reports.js";
import { object, str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { windowed, windowedMarkdown, type WindowArgs } from "./document-window.js";
import { operationTool } from "./operation-tool.js";
import { markdownMembers } from "./tool-schemas.js";
import { wholeDocument } from "./whole-document.js";

const grant = { scope: "viewer:read" };

type Windowed<A> = A & WindowArgs;

const daily = operationTool<Windowed<{ date: string; lang?: string }>>(dailyReport, {
  title: "Read the daily report",
  description: "The canonical daily report of a work date, as markdown: the daily editor's, latest archived draft.",
  grant,
  toolset: "reports",
  inputSchema: windowed(dailyReport.input),
  outputSchema: object({ date: str, ...markdownMembers }),
  async call(args, _ctx, read) {
    return { date: args.date, ...windowedMarkdown(await read(args), args) };
  },
  async readDocument(args, _ctx, read) {
    return wholeDocument(await read(args));
  },
});

const weeklyIndexTool = operationTool(weeklyIndexOperation, {
  title: "Weekly reports of a week",
  description: "Every analyst that published a weekly report in the Monday-to-Sunday ISO week containing `date`.",
  grant,
  toolset: "reports",
});

const weeklyAuthor = operationTool<Windowed<{ date: string; analyst_id: string; lang?: string }>>(weeklyReport, {
  title: "Read an analyst's weekly report",
  description:
    "One analyst's weekly report in the week containing `date`, as markdown; the most recently archived copy wins.",
  grant,
  toolset: "reports",
  inputSchema: windowed(weeklyReport.input),
  outputSchema: object({ date: str, analyst_id: str, ...markdownMembers }),
  async call(args, _ctx, read) {
    return { date: args.date, analyst_id: args.analyst_id, ...windowedMarkdown(await read(args), args) };
  },
  async readDocument(args, _ctx, read) {
    return wholeDocument(await read(args));
  },
});

const fleetHealthTool = operationTool<WindowArgs>(fleetHealth, {
  title: "Read the latest fleet-health snapshot",
  description: "The latest fleet-health snapshot as markdown; generated daily at 00:00 Asia/Singapore.",
  grant,
  toolset: "reports",
  inputSchema: windowed(fleetHealth.input),
  outputSchema: object({ ...markdownMembers }),
  async call(args, _ctx, read) {
    return windowedMarkdown(await read({}), args);
  },
  async readDocument(_args, _ctx, read) {
    return wholeDocument(await read({}));
  },
});

const latest = operationTool(latestIndex, {
  title: "The latest index",
  description: `What is newest: the most recent daily report within ${LATEST_DAILY_LOOKBACK_DAYS} days, this week's weekly count, and the top ${LATEST_LEADERBOARD_SIZE} portfolios by Sharpe.`,
  grant,
  toolset: "reports",
});

export const REPORT_TOOLS: ToolDefinition[] = [daily, weeklyIndexTool, weeklyAuthor, fleetHealthTool, latest];
