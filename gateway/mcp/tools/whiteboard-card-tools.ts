/**
 * Whiteboard cards as tools, scope whiteboard:read: one card, its report (markdown, spec §4.1 rule 1), which
 * languages its report exists in, the actions extracted from it, and an analyst's cards across boards.
 */
import { GetCardActionsResponseSchema } from "../../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { cardSummary } from "../../schemas/catalog.js";
import { bool, int, nullableInt, object, str } from "../../schemas/common.js";
import { required } from "../../operations/service-answers.js";
import { cardIdInput, cardReport, cardSummaryJson } from "../../operations/whiteboard.js";
import type { ToolDefinition } from "../tool.js";
import { windowed, windowedMarkdown, type WindowArgs } from "./document-window.js";
import { boundedTool, overFetch } from "./bounded.js";
import { operationTool } from "./operation-tool.js";
import { wholeDocument } from "./whole-document.js";
import { arrayOf, idInput, input, markdownMembers } from "./tool-schemas.js";

const grant = { scope: "whiteboard:read" };
const CARDS_BOUND = { default: 50, max: 200 };

const getCard: ToolDefinition<{ card_id: string }> = {
  name: "whiteboard_get_card",
  title: "Get one whiteboard card",
  description: "One whiteboard card by id (the CardSummary of spec §2.3).",
  grant,
  toolset: "whiteboard",
  inputSchema: input({ card_id: cardIdInput }, ["card_id"]),
  outputSchema: cardSummary,
  pager: "none",
  async call({ card_id }, { clients }) {
    const { card } = await clients.whiteboardPages.getCard({ cardId: card_id });
    return cardSummaryJson(required(card, "a card"));
  },
};

const cardReportTool = operationTool<{ card_id: string; lang?: string } & WindowArgs>(cardReport, {
  title: "Read a card's report",
  description:
    "A whiteboard card's report as markdown. Without `lang`, the English report, else the language-agnostic one; with `lang`, exactly that language.",
  grant,
  toolset: "whiteboard",
  inputSchema: windowed(cardReport.input),
  outputSchema: object({ card_id: str, ...markdownMembers }),
  async call(args, _ctx, read) {
    return { card_id: args.card_id, ...windowedMarkdown(await read(args), args) };
  },
  async readDocument(args, _ctx, read) {
    return wholeDocument(await read(args));
  },
});

const reportLanguages: ToolDefinition<{ card_id: string }> = {
  name: "whiteboard_card_report_languages",
  title: "Languages of a card's report",
  description:
    "Which languages a whiteboard card's report exists in (en, plain for the language-agnostic report, zh), with when each was archived.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({ card_id: cardIdInput }, ["card_id"]),
  outputSchema: object({
    card_id: str,
    languages: arrayOf(object({ lang: { type: "string", enum: ["en", "plain", "zh"] }, archived_at: int })),
  }),
  pager: "none",
  async call({ card_id }, { clients }) {
    const { languages } = await clients.whiteboardPages.listCardReportLanguages({ cardId: card_id });
    return { card_id, languages: languages.map((l) => ({ lang: l.lang, archived_at: Number(l.archivedAt) })) };
  },
};

const cardActions: ToolDefinition<{ card_id: string }> = {
  name: "whiteboard_card_actions",
  title: "Actions extracted from a card",
  description:
    "The actions extracted from a whiteboard card's text by the logic_extract task. `extracted` is false (and the other members null) while no extraction has completed; an empty `actions` array is a result too.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({ card_id: cardIdInput }, ["card_id"]),
  outputSchema: object({
    card_id: str,
    extracted: bool,
    actions: { type: ["array", "null"], description: "The extracted actions as the task returned them." },
    source: { type: ["string", "null"], description: "Which text was sent: report:<lang> or summary." },
    source_chars: { ...nullableInt, description: "Characters sent (at most 8000)." },
    truncated: { type: ["boolean", "null"] },
    extracted_at: nullableInt,
  }),
  pager: "none",
  async call({ card_id }, { clients }) {
    return protoToJson(GetCardActionsResponseSchema, await clients.whiteboardPages.getCardActions({ cardId: card_id }));
  },
};

const analystCards = boundedTool<{ analyst_id: string; limit?: number }, unknown>({
  name: "whiteboard_analyst_cards",
  title: "An analyst's whiteboard cards",
  description:
    "The whiteboard cards one analyst holds, across every board, most recently started first (cards never started last).",
  grant,
  toolset: "whiteboard",
  args: { analyst_id: idInput("The analyst's id.") },
  required: ["analyst_id"],
  bound: CARDS_BOUND,
  rows: "cards",
  row: cardSummary,
  context: { analyst_id: str },
  fetch: async (args, limit, { clients }) => ({
    ...(await overFetch(limit, async (n) =>
      (await clients.whiteboardPages.listAnalystCards({ analystId: args.analyst_id, limit: n })).cards.map(
        cardSummaryJson,
      ),
    )),
    context: { analyst_id: args.analyst_id },
  }),
});

export const WHITEBOARD_CARD_TOOLS: ToolDefinition[] = [
  getCard,
  cardReportTool,
  reportLanguages,
  cardActions,
  analystCards,
];
