/**
 * Whiteboard rows as SQL selects them and as the spec's ThreadSummary and CardSummary messages (spec §2.3). Their free
 * text goes out as previews of at most WHITEBOARD_METADATA_PREVIEW_MAX characters (spec §8, metadata-preview.ts).
 */
import { create } from "@bufbuild/protobuf";
import {
  CardSummarySchema,
  ThreadSummarySchema,
  type CardSummary,
  type ThreadSummary,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import { previewOrUndefined } from "./metadata-preview.js";
import { int64, optionalInt64, orUndefined } from "./rows.js";

export interface ThreadRow {
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

export interface CardRow {
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

export const SELECT_THREADS = `
  SELECT t.board_id, t.work_date, t.root_analyst_id, t.root_topic, t.root_question, t.status,
         (SELECT count(*) FROM catalog.published_cards c WHERE c.board_id = t.board_id)::int AS card_count,
         t.max_cards, t.created_at, t.updated_at
    FROM catalog.published_threads t`;

export const SELECT_CARDS = `
  SELECT c.card_id, c.board_id, c.card_index, c.analyst_id, c.hand, c.topic, c.question, c.stance, c.status,
         c.work_date, c.summary, c.report_path, c.report_r2_key,
         EXISTS (SELECT 1 FROM catalog.published_card_reports r WHERE r.card_id = c.card_id) AS has_report,
         c.started_at, c.completed_at, c.follow_up_analyst_id, c.follow_up_topic
    FROM catalog.published_cards c`;

export function threadFields(r: ThreadRow) {
  return {
    boardId: r.board_id,
    workDate: r.work_date,
    rootAnalystId: orUndefined(r.root_analyst_id),
    rootTopic: previewOrUndefined(r.root_topic),
    rootQuestion: previewOrUndefined(r.root_question),
    status: r.status,
    cardCount: r.card_count,
    maxCards: r.max_cards,
    createdAt: int64(r.created_at),
    updatedAt: int64(r.updated_at),
  };
}

export function toCard(r: CardRow): CardSummary {
  return create(CardSummarySchema, {
    cardId: r.card_id,
    boardId: r.board_id,
    cardIndex: r.card_index,
    analystId: orUndefined(r.analyst_id),
    hand: orUndefined(r.hand),
    topic: previewOrUndefined(r.topic),
    question: previewOrUndefined(r.question),
    stance: previewOrUndefined(r.stance),
    status: r.status,
    workDate: orUndefined(r.work_date),
    summary: previewOrUndefined(r.summary),
    reportPath: orUndefined(r.report_path),
    reportR2Key: orUndefined(r.report_r2_key),
    startedAt: optionalInt64(r.started_at),
    completedAt: optionalInt64(r.completed_at),
    followUpAnalystId: orUndefined(r.follow_up_analyst_id),
    followUpTopic: previewOrUndefined(r.follow_up_topic),
    hasReport: r.has_report,
  });
}

export const toThreadSummary = (r: ThreadRow): ThreadSummary => create(ThreadSummarySchema, threadFields(r));
