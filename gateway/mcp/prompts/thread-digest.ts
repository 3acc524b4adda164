/** thread_digest: a whiteboard thread and its cards' reports as resources, for a digest of where the research stands. */
import { text, type PromptDefinition, type PromptMessage } from "./prompt.js";

/** Card reports embedded at most: a thread's first cards carry its argument; the rest are named by URI. */
export const MAX_CARD_REPORTS = 8;

export const THREAD_DIGEST: PromptDefinition = {
  name: "thread_digest",
  title: "Digest a whiteboard thread",
  description: `Use to summarize a whiteboard research thread: embeds the thread (root question, cards in order, summaries) and the reports of its first ${MAX_CARD_REPORTS} cards that have one.`,
  arguments: [
    {
      name: "board_id",
      title: "Board",
      description: "The thread's board id (a uuid).",
      required: true,
      schema: { type: "string", minLength: 1, maxLength: 200 },
      complete: "board_id",
    },
  ],
  tools: ["whiteboard_get_thread", "whiteboard_card_report"],
  async get(args, ctx) {
    const boardId = args.board_id!;
    const thread = await ctx.callTool("whiteboard_get_thread", { board_id: boardId });
    const threadMessage = await ctx.embed(`institute://whiteboard/threads/${encodeURIComponent(boardId)}`);
    const withReports = thread.cards
      .filter((c: { report_url: string | null }) => c.report_url !== null)
      .slice(0, MAX_CARD_REPORTS);
    const reports = (
      await Promise.all(
        withReports.map((c: { card_id: string }) =>
          ctx.embed(`institute://whiteboard/cards/${encodeURIComponent(c.card_id)}/report`),
        ),
      )
    ).filter((m): m is PromptMessage => m !== undefined);
    return {
      description: `Digest of whiteboard thread ${boardId}`,
      messages: [
        text(
          `Digest this whiteboard research thread for a reader who has not followed it: the root question; what each card (in order) contributed; where the cards agree and where they disagree; and what remains open. The thread and ${reports.length} of its card reports follow.`,
        ),
        ...(threadMessage ? [threadMessage] : []),
        ...reports,
      ],
    };
  },
};
