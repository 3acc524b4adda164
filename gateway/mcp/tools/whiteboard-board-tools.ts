/**
 * Whiteboard boards (threads) as tools, scope whiteboard:read: the REST thread list (its first page, bounded),
 * the keyset walk over every board, and one board with its cards. Rows are the REST resources (spec §2.3). The
 * list and the walk read the catalog's one thread list, ListThreads, which the REST route reads too.
 */
import { ThreadSummarySchema } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { getThread, listThreads, statusInput, THREADS_BOUND } from "../../operations/whiteboard.js";
import { threadSummary } from "../../schemas/catalog.js";
import type { ToolDefinition } from "../tool.js";
import { limitInput } from "./bounded.js";
import { cursorInput, keysetAfter, keysetPage } from "./keyset-pager.js";
import { operationTool } from "./operation-tool.js";
import { input, keysetList } from "./tool-schemas.js";

const grant = { scope: "whiteboard:read" };

const positionOf = (t: { updatedAt: bigint; boardId: string }) => ({ at: Number(t.updatedAt), id: t.boardId });

const listThreadsTool = operationTool(listThreads, {
  title: "List whiteboard threads",
  description: "Whiteboard research threads, most recently updated first. Walk them all with whiteboard_list_boards.",
  grant,
  toolset: "whiteboard",
});

const listBoards: ToolDefinition<{ status?: string; limit?: number; cursor?: string }> = {
  name: "whiteboard_list_boards",
  title: "Page through whiteboard boards",
  description:
    "Every whiteboard board (thread), most recently updated first. Keyset-paged: each board once across the walk.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({ status: statusInput, limit: limitInput(THREADS_BOUND, "boards"), cursor: cursorInput }),
  outputSchema: keysetList("boards", threadSummary),
  bound: THREADS_BOUND,
  pager: "keyset",
  async call(args, { clients, cursors }) {
    const status = args.status ?? "";
    const page = await keysetPage({
      cursors,
      tool: "whiteboard_list_boards",
      filters: { status },
      cursor: args.cursor,
      limit: args.limit,
      bound: THREADS_BOUND,
      async fetch(after, limit) {
        const { threads, hasMore } = await clients.catalog.listThreads({ status, after: keysetAfter(after), limit });
        return { rows: threads, hasMore };
      },
      positionOf,
    });
    return {
      boards: page.rows.map((t) => protoToJson(ThreadSummarySchema, t)),
      count: page.rows.length,
      bound: page.bound,
      next_cursor: page.next_cursor,
    };
  },
};

const getThreadTool = operationTool(getThread, {
  title: "Get one whiteboard thread",
  description: "One whiteboard thread by board id, with its cards in order.",
  grant,
  toolset: "whiteboard",
});

export const WHITEBOARD_BOARD_TOOLS: ToolDefinition[] = [listThreadsTool, listBoards, getThreadTool];
