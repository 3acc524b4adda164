/** The similarity-gate log (spec §2.5): one decision per kickoff candidate, with the matches that drove it. */
import { create, type JsonObject } from "@bufbuild/protobuf";
import {
  SimilarityLogEntrySchema,
  SimilarityMatchSchema,
  type SimilarityLogEntry,
  type SimilarityMatch,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../lib/db/pool.js";
import { pageOf, withLookahead, type ListPage } from "./list-page.js";
import { int64, orUndefined } from "./rows.js";
import { SIMILARITY_DECISIONS, type SimilarityDecision } from "./vocabulary.js";

interface LogRow {
  log_id: string;
  decided_at: number;
  pool_id: string | null;
  board_id: string | null;
  candidate_topic: string | null;
  candidate_question: string | null;
  decision: string;
  reason: string | null;
  top_cosine: number | null;
  top_match_kind: string | null;
  top_match_id: string | null;
  top_match_age_days: number | null;
  matches: unknown;
  thresholds: unknown;
}

const SELECT_ENTRIES = `
  SELECT log_id, decided_at, pool_id, board_id, candidate_topic, candidate_question, decision, reason,
         top_cosine, top_match_kind, top_match_id, top_match_age_days, matches, thresholds
    FROM catalog.similarity_log`;

// Newest decision first; log_id breaks ties between decisions of the same second.
const NEWEST = "ORDER BY decided_at DESC, log_id DESC LIMIT";
const LIST_ALL = `${SELECT_ENTRIES} ${NEWEST} $1`;
const LIST_BY_DECISION = `${SELECT_ENTRIES} WHERE decision = $1 ${NEWEST} $2`;

const COUNT_SINCE = `
  SELECT decision, count(*)::int AS n
    FROM catalog.similarity_log
   WHERE decided_at >= $1
   GROUP BY decision`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => (typeof v === "string" ? v : undefined);
const optionalNumber = (v: unknown) => (typeof v === "number" ? v : undefined);

/** A stored match: absent or mistyped members read as null (score as 0, since the spec makes it required). */
function toMatch(v: unknown): SimilarityMatch {
  const m = isObject(v) ? v : {};
  return create(SimilarityMatchSchema, {
    score: optionalNumber(m.score) ?? 0,
    kind: optionalString(m.kind),
    id: optionalString(m.id),
    ageDays: optionalNumber(m.age_days),
    topic: optionalString(m.topic),
  });
}

function toEntry(r: LogRow): SimilarityLogEntry {
  return create(SimilarityLogEntrySchema, {
    logId: r.log_id,
    decidedAt: int64(r.decided_at),
    poolId: orUndefined(r.pool_id),
    boardId: orUndefined(r.board_id),
    candidateTopic: orUndefined(r.candidate_topic),
    candidateQuestion: orUndefined(r.candidate_question),
    decision: r.decision,
    reason: orUndefined(r.reason),
    topCosine: orUndefined(r.top_cosine),
    topMatchKind: orUndefined(r.top_match_kind),
    topMatchId: orUndefined(r.top_match_id),
    topMatchAgeDays: orUndefined(r.top_match_age_days),
    matches: Array.isArray(r.matches) ? r.matches.map(toMatch) : [],
    // A google.protobuf.Struct field is its plain JSON object in protobuf-es. The spec's thresholds are an
    // object or null; anything else recorded is not a map of names, so it reads as null.
    thresholds: isObject(r.thresholds) ? (r.thresholds as JsonObject) : undefined,
  });
}

export interface SimilarityLogStore {
  list(filter: { decision: SimilarityDecision | undefined; limit: number }): Promise<ListPage<SimilarityLogEntry>>;
  /** Every decision value (zero included) to its number of entries decided at or after `sinceSeconds`. */
  countSince(sinceSeconds: number): Promise<Record<SimilarityDecision, number>>;
}

export function createSimilarityLogStore(db: Pool): SimilarityLogStore {
  return {
    async list({ decision, limit }) {
      const { rows } =
        decision === undefined
          ? await db.query<LogRow>({
              name: "catalog.similarity-log.list",
              text: LIST_ALL,
              values: [withLookahead(limit)],
            })
          : await db.query<LogRow>({
              name: "catalog.similarity-log.list-by-decision",
              text: LIST_BY_DECISION,
              values: [decision, withLookahead(limit)],
            });
      return pageOf(rows.map(toEntry), limit);
    },

    async countSince(sinceSeconds) {
      const { rows } = await db.query<{ decision: SimilarityDecision; n: number }>({
        name: "catalog.similarity-log.count-since",
        text: COUNT_SINCE,
        values: [sinceSeconds],
      });
      const counts = Object.fromEntries(SIMILARITY_DECISIONS.map((d) => [d, 0])) as Record<SimilarityDecision, number>;
      for (const r of rows) counts[r.decision] = r.n;
      return counts;
    },
  };
}
