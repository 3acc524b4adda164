/** The whiteboard topic pool (spec §2.4): candidate topics the hourly kickoff drains, highest score first. */
import { create } from "@bufbuild/protobuf";
import { TopicPoolEntrySchema, type TopicPoolEntry } from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../lib/db/pool.js";
import { pageOf, withLookahead, type ListPage } from "./list-page.js";
import { int64, optionalInt64, orUndefined } from "./rows.js";

interface TopicPoolRow {
  pool_id: string;
  topic: string;
  question: string | null;
  suggested_analyst_id: string | null;
  rationale: string | null;
  source_kind: string;
  source_run_id: string | null;
  source_analyst_id: string | null;
  priority: string;
  score: number;
  status: string;
  promoted_board_id: string | null;
  created_at: number;
  promoted_at: number | null;
  expires_at: number;
}

const SELECT_ENTRIES = `
  SELECT pool_id, topic, question, suggested_analyst_id, rationale, source_kind, source_run_id, source_analyst_id,
         priority, score, status, promoted_board_id, created_at, promoted_at, expires_at
    FROM catalog.topic_pool`;

// The spec orders the pool only by score ("higher is drained first"), so the list leads with what the kickoff
// drains next. Among equal scores it is silent: we list the newest entry first, as every other list here does,
// and pool_id makes the order total so a limit always cuts the same rows.
const ORDER = "ORDER BY score DESC, created_at DESC, pool_id LIMIT";
const LIST_ALL = `${SELECT_ENTRIES} ${ORDER} $1`;
const LIST_BY_STATUS = `${SELECT_ENTRIES} WHERE status = $1 ${ORDER} $2`;

function toEntry(r: TopicPoolRow): TopicPoolEntry {
  return create(TopicPoolEntrySchema, {
    poolId: r.pool_id,
    topic: r.topic,
    question: orUndefined(r.question),
    suggestedAnalystId: orUndefined(r.suggested_analyst_id),
    rationale: orUndefined(r.rationale),
    sourceKind: r.source_kind,
    sourceRunId: orUndefined(r.source_run_id),
    sourceAnalystId: orUndefined(r.source_analyst_id),
    priority: r.priority,
    score: r.score,
    status: r.status,
    promotedBoardId: orUndefined(r.promoted_board_id),
    createdAt: int64(r.created_at),
    promotedAt: optionalInt64(r.promoted_at),
    expiresAt: int64(r.expires_at),
  });
}

export interface TopicPoolStore {
  /** `status` undefined: every status, expired and rejected included. */
  list(filter: { status: string | undefined; limit: number }): Promise<ListPage<TopicPoolEntry>>;
}

export function createTopicPoolStore(db: Pool): TopicPoolStore {
  return {
    async list({ status, limit }) {
      const { rows } =
        status === undefined
          ? await db.query<TopicPoolRow>({
              name: "catalog.topic-pool.list",
              text: LIST_ALL,
              values: [withLookahead(limit)],
            })
          : await db.query<TopicPoolRow>({
              name: "catalog.topic-pool.list-by-status",
              text: LIST_BY_STATUS,
              values: [status, withLookahead(limit)],
            });
      return pageOf(rows.map(toEntry), limit);
    },
  };
}
