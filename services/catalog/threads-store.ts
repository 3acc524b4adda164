/** Whiteboard threads and their cards (spec §2.3). */
import { create } from "@bufbuild/protobuf";
import {
  CardSummarySchema,
  ThreadDetailSchema,
  ThreadSummarySchema,
  type CardSummary,
  type ThreadDetail,
  type ThreadSummary,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../lib/db/pool.js";
import { int64, optionalInt64, orUndefined } from "./rows.js";
import { cardReportUrl, type ThreadStatus } from "./vocabulary.js";

interface ThreadRow {
  board_id: string;
  work_date: string;
  root_analyst_id: string | null;
  root_topic: string | null;
  root_question: string | null;
  status: string;
  card_count: number;
  max_cards: number;
  created_at: number;
  updated_at: number;
}

interface CardRow {
  card_id: string;
  board_id: string;
  card_index: number;
  analyst_id: string | null;
  hand: string | null;
  topic: string | null;
  question: string | null;
  stance: string | null;
  status: string;
  work_date: string | null;
  summary: string | null;
  report_path: string | null;
  report_r2_key: string | null;
  has_report: boolean;
  started_at: number | null;
  completed_at: number | null;
  follow_up_analyst_id: string | null;
  follow_up_topic: string | null;
}

const SELECT_THREADS = `
  SELECT t.board_id, t.work_date, t.root_analyst_id, t.root_topic, t.root_question, t.status,
         (SELECT count(*) FROM catalog.cards c WHERE c.board_id = t.board_id)::int AS card_count,
         t.max_cards, t.created_at, t.updated_at
    FROM catalog.threads t`;

// Most recently updated first; board_id breaks ties so pages are stable (both orders have an index).
const RECENT = "ORDER BY t.updated_at DESC, t.board_id DESC LIMIT";
const LIST_ALL = `${SELECT_THREADS} ${RECENT} $1`;
const LIST_BY_STATUS = `${SELECT_THREADS} WHERE t.status = $1 ${RECENT} $2`;
const GET_THREAD = `${SELECT_THREADS} WHERE t.board_id = $1::uuid`;

const LIST_CARDS = `
  SELECT c.card_id, c.board_id, c.card_index, c.analyst_id, c.hand, c.topic, c.question, c.stance, c.status,
         c.work_date, c.summary, c.report_path, c.report_r2_key,
         EXISTS (SELECT 1 FROM catalog.card_reports r WHERE r.card_id = c.card_id) AS has_report,
         c.started_at, c.completed_at, c.follow_up_analyst_id, c.follow_up_topic
    FROM catalog.cards c
   WHERE c.board_id = $1::uuid
   ORDER BY c.card_index`;

function threadFields(r: ThreadRow) {
  return {
    boardId: r.board_id,
    workDate: r.work_date,
    rootAnalystId: orUndefined(r.root_analyst_id),
    rootTopic: orUndefined(r.root_topic),
    rootQuestion: orUndefined(r.root_question),
    status: r.status,
    cardCount: r.card_count,
    maxCards: r.max_cards,
    createdAt: int64(r.created_at),
    updatedAt: int64(r.updated_at),
  };
}

function toCard(r: CardRow): CardSummary {
  return create(CardSummarySchema, {
    cardId: r.card_id,
    boardId: r.board_id,
    cardIndex: r.card_index,
    analystId: orUndefined(r.analyst_id),
    hand: orUndefined(r.hand),
    topic: orUndefined(r.topic),
    question: orUndefined(r.question),
    stance: orUndefined(r.stance),
    status: r.status,
    workDate: orUndefined(r.work_date),
    summary: orUndefined(r.summary),
    reportPath: orUndefined(r.report_path),
    reportR2Key: orUndefined(r.report_r2_key),
    // Only a card with at least one stored report links to the report endpoint.
    reportUrl: r.has_report ? cardReportUrl(r.card_id) : undefined,
    startedAt: optionalInt64(r.started_at),
    completedAt: optionalInt64(r.completed_at),
    followUpAnalystId: orUndefined(r.follow_up_analyst_id),
    followUpTopic: orUndefined(r.follow_up_topic),
  });
}

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
          : await db.query<ThreadRow>({ name: "catalog.threads.list-by-status", text: LIST_BY_STATUS, values: [status, limit] });
      return rows.map((r) => create(ThreadSummarySchema, threadFields(r)));
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
