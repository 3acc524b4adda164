/** Whiteboard threads and their cards (spec §2.3). */
import { create } from "@bufbuild/protobuf";
import {
  ThreadDetailSchema,
  type ThreadDetail,
  type ThreadSummary,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../lib/db/pool.js";
import type { ThreadStatus } from "./vocabulary.js";
import {
  SELECT_CARDS,
  SELECT_THREADS,
  threadFields,
  toCard,
  toThreadSummary,
  type CardRow,
  type ThreadRow,
} from "./whiteboard-rows.js";

// Most recently updated first; board_id breaks ties so pages are stable (both orders have an index).
const RECENT = "ORDER BY t.updated_at DESC, t.board_id DESC LIMIT";
const LIST_ALL = `${SELECT_THREADS} ${RECENT} $1`;
const LIST_BY_STATUS = `${SELECT_THREADS} WHERE t.status = $1 ${RECENT} $2`;
const GET_THREAD = `${SELECT_THREADS} WHERE t.board_id = $1::uuid`;

const LIST_CARDS = `${SELECT_CARDS} WHERE c.board_id = $1::uuid ORDER BY c.card_index`;

export interface ThreadsStore {
  list(filter: { status: ThreadStatus | undefined; limit: number }): Promise<ThreadSummary[]>;
  /** `boardId` must already be a uuid (validate.ts `isUuid`). */
  get(boardId: string): Promise<ThreadDetail | undefined>;
}

export function createThreadsStore(db: Pool): ThreadsStore {
  return {
    async list({ status, limit }) {
      const { rows } =
        status === undefined
          ? await db.query<ThreadRow>({ name: "catalog.threads.list", text: LIST_ALL, values: [limit] })
          : await db.query<ThreadRow>({
              name: "catalog.threads.list-by-status",
              text: LIST_BY_STATUS,
              values: [status, limit],
            });
      return rows.map(toThreadSummary);
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
