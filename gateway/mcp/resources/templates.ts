/**
 * The resource templates: every institute:// document an agent can attach by URI. Each names the tool whose grant,
 * argument checks and refusals it shares (a URI's variables are that tool's arguments), and reads its document
 * through that tool, so a resource serves the bytes the tool (and the REST route behind it) serves. resources/list,
 * resources/read, completion and the contract all derive from this one list.
 */
import type { ToolContext, ToolDefinition, WholeDocument } from "../tool.js";
import { portfolioMarkdown, threadMarkdown, type PortfolioView, type ThreadView } from "./markdown-views.js";
import { compileTemplate, type CompiledTemplate } from "./uri-template.js";
import type { CompleterName } from "../completion/completers.js";

export const RESOURCE_MIME_TYPE = "text/markdown";

export interface ResourceTemplate {
  name: string;
  title: string;
  description: string;
  uriTemplate: string;
  compiled: CompiledTemplate;
  /** The tool whose grant and arguments this resource shares. */
  tool: string;
  /** Where completion/complete finds values for each variable. */
  complete: Readonly<Record<string, CompleterName>>;
  /**
   * The data changes ('<schema>.<table>' as the data_versions channel announces them; '<schema>.' for any table of
   * it) after which a document of this template may read differently: a subscription's resources/updated.
   */
  changesWith: readonly string[];
  /** A document that must never be cached (fleet health: the spec's Cache-Control: no-store). */
  noStore?: true;
  /** The whole document a URI names; its variables have passed the tool's input schema. */
  read(tool: ToolDefinition, args: Record<string, unknown>, ctx: ToolContext): Promise<WholeDocument>;
}

/** A document tool's document, whole. */
const documentOf = async (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<WholeDocument> => {
  if (!tool.readDocument) throw new Error(`${tool.name} reads no document`);
  return tool.readDocument(args, ctx);
};

const template = (
  t: Omit<ResourceTemplate, "compiled" | "read"> & Partial<Pick<ResourceTemplate, "read">>,
): ResourceTemplate => ({
  read: documentOf,
  ...t,
  compiled: compileTemplate(t.uriTemplate),
});

export const CARD_REPORT_TEMPLATE = "institute://whiteboard/cards/{card_id}/report{?lang}";
const cardReportUri = compileTemplate(CARD_REPORT_TEMPLATE);

export const RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [
  template({
    name: "daily-report",
    changesWith: ["reports.reports", "objects.blobs"],
    title: "Daily report",
    description:
      "The canonical daily report of a work date (YYYY-MM-DD, Asia/Singapore). Without lang: English, else the language-agnostic report.",
    uriTemplate: "institute://reports/daily/{date}{?lang}",
    tool: "reports_daily",
    complete: { date: "daily_date", lang: "lang" },
  }),
  template({
    name: "weekly-report",
    changesWith: ["reports.reports", "objects.blobs"],
    title: "An analyst's weekly report",
    description:
      "One analyst's weekly report in the ISO week containing the date; the most recently archived copy wins.",
    uriTemplate: "institute://reports/weekly/{date}/{analyst_id}{?lang}",
    tool: "reports_weekly_author",
    complete: { date: "weekly_date", analyst_id: "analyst_id", lang: "lang" },
  }),
  template({
    name: "fleet-health",
    changesWith: ["reports.fleet_health"],
    title: "Latest fleet-health snapshot",
    description: "The latest fleet-health snapshot, generated daily at 00:00 Asia/Singapore.",
    uriTemplate: "institute://reports/fleet-health/latest",
    tool: "reports_fleet_health",
    complete: {},
    noStore: true,
  }),
  template({
    name: "card-report",
    changesWith: ["catalog.card_reports", "catalog.cards", "objects.blobs"],
    title: "A whiteboard card's report",
    description:
      "A whiteboard card's report. Without lang: English, else the language-agnostic report; with lang, exactly that language.",
    uriTemplate: CARD_REPORT_TEMPLATE,
    tool: "whiteboard_card_report",
    complete: { card_id: "card_id", lang: "lang" },
  }),
  template({
    name: "whiteboard-thread",
    changesWith: ["catalog.threads", "catalog.cards"],
    title: "A whiteboard thread",
    description:
      "A whiteboard research thread as markdown: its root question, then its cards in order with their summaries and report URIs.",
    uriTemplate: "institute://whiteboard/threads/{board_id}",
    tool: "whiteboard_get_thread",
    complete: { board_id: "board_id" },
    async read(tool, args, ctx) {
      const thread = (await tool.call(args, ctx)) as ThreadView;
      return {
        text: threadMarkdown(thread, (card_id) => cardReportUri.expand({ card_id })),
        lastModified: thread.updated_at,
      };
    },
  }),
  template({
    name: "portfolio",
    changesWith: ["portfolio."],
    title: "A portfolio's track record",
    description:
      "A portfolio's track record as markdown: its risk-adjusted metrics table and how each figure was computed.",
    uriTemplate: "institute://portfolios/{portfolio_id}",
    tool: "portfolios_metrics",
    complete: { portfolio_id: "portfolio_id" },
    async read(tool, args, ctx) {
      const metrics = (await tool.call(args, ctx)) as PortfolioView;
      return {
        text: portfolioMarkdown(metrics),
        lastModified: typeof metrics.last_at === "number" ? metrics.last_at : null,
      };
    },
  }),
  template({
    name: "institute-memory",
    changesWith: ["catalog.institute_memory"],
    title: "Institute memory",
    description: "The institute's long-lived memory as one markdown document. Never served to peer keys.",
    uriTemplate: "institute://memory",
    tool: "institute_memory_md",
    complete: {},
  }),
];
