/**
 * Whiteboard boards (threads) as tools, scope whiteboard:read: the REST thread list (its first page, bounded),
 * the keyset walk over every board, and one board with its cards. Rows are the REST resources (spec §2.3).
 */
import { ThreadDetailSchema, ThreadSummarySchema } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { THREAD_STATUSES } from "../../../services/catalog/vocabulary.js";
import { threadDetail, threadSummary } from "../../schemas/catalog.js";
import type { ToolDefinition } from "../tool.js";
import { fetchBounded, limitInput } from "./bounded.js";
import { cursorInput, keysetAfter, keysetPage } from "./keyset-pager.js";
import { required } from "../../operations/service-answers.js";
import { boundedList, enumInput, idInput, input, keysetList } from "./tool-schemas.js";

const grant = { scope: "whiteboard:read" };
const statusInput = enumInput(THREAD_STATUSES, "Only threads in this status; omitted: every status.");
const THREADS_BOUND = { default: 50, max: 200 };

const positionOf = (t: { updatedAt: bigint; boardId: string }) => ({ at: Number(t.updatedAt), id: t.boardId });

const listThreads: ToolDefinition<{ status?: string; limit?: number }> = {
  name: "whiteboard_list_threads",
  title: "List whiteboard threads",
  description:
    "Whiteboard research threads, most recently updated first. Walk them all with whiteboard_list_boards.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({ status: statusInput, limit: limitInput(THREADS_BOUND, "threads") }),
  outputSchema: boundedList("threads", threadSummary),
  bound: THREADS_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const { rows, bound } = await fetchBounded(args, THREADS_BOUND, async (n) =>
      (await clients.whiteboardPages.pageBoards({ status: args.status ?? "", limit: n })).threads,
    );
    return { threads: rows.map((t) => protoToJson(ThreadSummarySchema, t)), count: rows.length, bound };
  },
};

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
  async call(args, { clients }) {
    const status = args.status ?? "";
    const page = await keysetPage({
      tool: "whiteboard_list_boards",
      filters: { status },
      cursor: args.cursor,
      limit: args.limit,
      bound: THREADS_BOUND,
      fetch: async (after, limit) => (await clients.whiteboardPages.pageBoards({ status, after: keysetAfter(after), limit })).threads,
      positionOf,
    });
    return { boards: page.rows.map((t) => protoToJson(ThreadSummarySchema, t)), count: page.rows.length, bound: page.bound, next_cursor: page.next_cursor };
  },
};

const getThread: ToolDefinition<{ board_id: string }> = {
  name: "whiteboard_get_thread",
  title: "Get one whiteboard thread",
  description: "One whiteboard thread by board id, with its cards in order.",
  grant,
  toolset: "whiteboard",
  inputSchema: input({ board_id: idInput("The board's id (a uuid), as board_id in whiteboard_list_threads.") }, ["board_id"]),
  outputSchema: threadDetail,
  pager: "none",
  async call({ board_id }, { clients }) {
    const { thread } = await clients.catalog.getThread({ boardId: board_id });
    return protoToJson(ThreadDetailSchema, required(thread, "a thread"));
  },
};

export const WHITEBOARD_BOARD_TOOLS: ToolDefinition[] = [listThreads, listBoards, getThread];
