/** Whiteboard threads and their cards (spec §2.3). */
import { create } from "@bufbuild/protobuf";
import {
  ThreadDetailSchema,
  type ThreadDetail,
  type ThreadSummary,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../lib/db/pool.js";
import type { ThreadStatus } from "./vocabulary.js";
import { pageOf, withLookahead, type ListPage } from "./list-page.js";
import {
  SELECT_CARDS,
  SELECT_THREADS,
  threadFields,
  toCard,
  toThreadSummary,
  type CardRow,
  type ThreadRow,
} from "./whiteboard-rows.js";

// Most recently updated first; board_id breaks ties so pages are stable (both orders have an index). A page after
// a position continues strictly past it in that order. One statement per shape, so each keeps its own plan.
const RECENT = "ORDER BY t.updated_at DESC, t.board_id DESC LIMIT";
const AFTER = (at: number, id: number) => `(t.updated_at, t.board_id) < ($${at}::bigint, $${id}::uuid)`;
const LIST_ALL = `${SELECT_THREADS} ${RECENT} $1`;
const LIST_BY_STATUS = `${SELECT_THREADS} WHERE t.status = $1 ${RECENT} $2`;
const LIST_AFTER = `${SELECT_THREADS} WHERE ${AFTER(1, 2)} ${RECENT} $3`;
const LIST_BY_STATUS_AFTER = `${SELECT_THREADS} WHERE t.status = $1 AND ${AFTER(2, 3)} ${RECENT} $4`;
const GET_THREAD = `${SELECT_THREADS} WHERE t.board_id = $1::uuid`;

const LIST_CARDS = `${SELECT_CARDS} WHERE c.board_id = $1::uuid ORDER BY c.card_index`;

export interface ThreadsStore {
  /** `after.id` must already be a uuid (validate.ts `isUuid`). */
  list(filter: {
    status: ThreadStatus | undefined;
    after: { at: number; id: string } | undefined;
    limit: number;
  }): Promise<ListPage<ThreadSummary>>;
  /** `boardId` must already be a uuid (validate.ts `isUuid`). */
  get(boardId: string): Promise<ThreadDetail | undefined>;
}

function listQuery(
  status: ThreadStatus | undefined,
  after: { at: number; id: string } | undefined,
  limit: number,
): { name: string; text: string; values: unknown[] } {
  if (after === undefined) {
    return status === undefined
      ? { name: "catalog.threads.list", text: LIST_ALL, values: [limit] }
      : { name: "catalog.threads.list-by-status", text: LIST_BY_STATUS, values: [status, limit] };
  }
  return status === undefined
    ? { name: "catalog.threads.list-after", text: LIST_AFTER, values: [after.at, after.id, limit] }
    : {
        name: "catalog.threads.list-by-status-after",
        text: LIST_BY_STATUS_AFTER,
        values: [status, after.at, after.id, limit],
      };
}

export function createThreadsStore(db: Pool): ThreadsStore {
  return {
    async list({ status, after, limit }) {
      const { rows } = await db.query<ThreadRow>(listQuery(status, after, withLookahead(limit)));
      return pageOf(rows.map(toThreadSummary), limit);
    },

    async get(boardId) {
      const [thread, cards] = await Promise.all([
        db.query<ThreadRow>({ name: "catalog.threads.get", text: GET_THREAD, values: [boardId] }),
        db.query<CardRow>({ name: "catalog.cards.of-thread", text: LIST_CARDS, values: [boardId] }),
      ]);
      const r = thread.rows[0];
      if (!r) return undefined;
      return create(ThreadDetailSchema, { ...threadFields(r), cards: cards.rows.map(toCard) });
    },
  };
}
