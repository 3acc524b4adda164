/**
 * Where the values of each completable argument come from, in the order a caller most likely wants them: work dates
 * with a report (newest first), analyst ids (catalog order), portfolio ids (by Sharpe, as the leaderboard ranks
 * them), board ids (most recently updated first), card ids (a board's cards in order, else those of the latest
 * boards), languages, and fact-card claims (newest first). rank.ts filters and cuts them.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import type { ServiceClients } from "../../upstream/clients.js";
import { THREADS_BOUND } from "../../operations/whiteboard.js";

export type CompleterName =
  "daily_date" | "weekly_date" | "analyst_id" | "portfolio_id" | "board_id" | "card_id" | "lang" | "claim";

export interface CompleterInput {
  clients: ServiceClients;
  /** What the caller typed so far. */
  value: string;
  /** Arguments already filled in (MCP's completion context). */
  context: Readonly<Record<string, string>>;
}

/** More than any list a caller scrolls: enough to count what was cut. */
const SOURCE_LIMIT = 1001;
/** Boards whose cards are offered when no board is chosen yet. */
const RECENT_BOARDS = 10;
/** Newest fact cards whose claims are offered. */
const RECENT_CLAIMS = 200;

const DATE_PREFIX = /^[0-9-]{0,10}$/;

async function dates(input: CompleterInput, kind: "daily" | "weekly"): Promise<string[]> {
  // Anything but the beginning of a date cannot match a date: nothing to ask the service.
  if (!DATE_PREFIX.test(input.value)) return [];
  const analystId = kind === "weekly" ? (input.context.analyst_id ?? "") : "";
  if (analystId.length > 200) return [];
  const { workDates } = await input.clients.reports.listReportDates({
    kind,
    analystId,
    prefix: input.value,
    limit: SOURCE_LIMIT,
  });
  return workDates;
}

/** The ids of the `limit` most recently updated boards, read page by page from the catalog's thread list. */
async function recentBoardIds(clients: ServiceClients, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: { at: bigint; id: string } | undefined;
  for (;;) {
    const page = Math.min(limit - ids.length, THREADS_BOUND.max);
    const { threads, hasMore } = await clients.catalog.listThreads({ status: "", after, limit: page });
    ids.push(...threads.map((t) => t.boardId));
    const last = threads[threads.length - 1];
    if (!hasMore || !last || ids.length >= limit) return ids;
    after = { at: last.updatedAt, id: last.boardId };
  }
}

async function cardsOf(clients: ServiceClients, boardIds: readonly string[]): Promise<string[]> {
  const threads = await Promise.all(
    boardIds.map(async (boardId) => (await clients.catalog.getThread({ boardId })).thread),
  );
  return threads.flatMap((t) => t?.cards.map((c) => c.cardId) ?? []);
}

export const COMPLETERS: Record<CompleterName, (input: CompleterInput) => Promise<string[]>> = {
  daily_date: (input) => dates(input, "daily"),
  weekly_date: (input) => dates(input, "weekly"),
  analyst_id: async ({ clients }) => (await clients.catalog.listAnalysts({})).analysts.map((a) => a.id),
  portfolio_id: async ({ clients }) =>
    (await clients.portfolio.getLeaderboard({ limit: 0 })).leaderboard.map((m) => m.portfolioId),
  board_id: ({ clients }) => recentBoardIds(clients, SOURCE_LIMIT),
  card_id: async ({ clients, context }) => {
    const board = context.board_id;
    if (board !== undefined && board !== "") {
      try {
        return await cardsOf(clients, [board]);
      } catch (e) {
        // An unknown or malformed board in the context offers what it would without one; anything else is a failure.
        if (!(e instanceof ConnectError) || (e.code !== Code.NotFound && e.code !== Code.InvalidArgument)) throw e;
      }
    }
    return cardsOf(clients, await recentBoardIds(clients, RECENT_BOARDS));
  },
  lang: async () => ["en", "zh"],
  claim: async ({ clients }) =>
    (await clients.factcard.listFactCards({ limit: RECENT_CLAIMS })).factCards
      .map((f) => f.claimTextEn)
      .filter((t) => t !== ""),
};
