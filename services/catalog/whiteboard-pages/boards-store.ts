/** Keyset pages of whiteboard boards (catalog.threads), most recently updated first. */
import type { ThreadSummary } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { SELECT_THREADS, toThreadSummary, type ThreadRow } from "../whiteboard-rows.js";

// The catalog's thread order (updated_at, board_id descending; index threads_recent), continued strictly after a
// position when one is given ($2 null: from the top). The REST thread list is this query's first page.
const PAGE = `${SELECT_THREADS}
   WHERE ($1 = '' OR t.status = $1)
     AND ($2::bigint IS NULL OR (t.updated_at, t.board_id) < ($2::bigint, $3::uuid))
   ORDER BY t.updated_at DESC, t.board_id DESC
   LIMIT $4`;

export interface BoardsStore {
  /** `after.id` must already be a uuid. */
  page(filter: {
    status: string;
    after: { at: number; id: string } | undefined;
    limit: number;
  }): Promise<ThreadSummary[]>;
}

export function createBoardsStore(db: Pool): BoardsStore {
  return {
    async page({ status, after, limit }) {
      const { rows } = await db.query<ThreadRow>({
        name: "whiteboard-pages.boards.page",
        text: PAGE,
        values: [status, after?.at ?? null, after?.id ?? null, limit],
      });
      return rows.map(toThreadSummary);
    },
  };
}
