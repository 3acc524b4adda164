/**
 * similarity-log.ndjson: a SimilarityLogEntry exactly as GET /api/v1/whiteboard/similarity-log lists it. The export
 * reads stored matches as the route does (a missing member is null, a missing score 0), so the line is the answer.
 */
import { similarityMatch } from "../../gateway/schemas/catalog.js";
import { SIMILARITY_DECISIONS } from "../../services/catalog/vocabulary.js";
import { double, epoch, id, json, nullable, oneOf, text, uuid } from "../columns.js";
import { tableKind } from "../table-kind.js";

const kind = tableKind({
  name: "similarity-log",
  describe: "a SimilarityLogEntry, as GET /api/v1/whiteboard/similarity-log lists it (decided_at in epoch seconds)",
  table: "catalog.similarity_log",
  key: ["log_id"],
  columns: [
    ["log_id", id],
    ["decided_at", epoch],
    ["pool_id", nullable(text)],
    ["board_id", nullable(uuid)],
    ["candidate_topic", nullable(text)],
    ["candidate_question", nullable(text)],
    ["decision", oneOf(SIMILARITY_DECISIONS)],
    ["reason", nullable(text)],
    ["top_cosine", nullable(double)],
    ["top_match_kind", nullable(text)],
    ["top_match_id", nullable(text)],
    ["top_match_age_days", nullable(double)],
    ["matches", json({ type: "array", items: similarityMatch })],
    ["thresholds", json({ type: ["object", "null"] })],
  ],
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const member = <T>(v: unknown, type: string, fallback: T) => (typeof v === type ? v : fallback);

function asServed(match: unknown) {
  const m = isObject(match) ? match : {};
  return {
    score: member(m.score, "number", 0),
    kind: member(m.kind, "string", null),
    id: member(m.id, "string", null),
    age_days: member(m.age_days, "number", null),
    topic: member(m.topic, "string", null),
  };
}

export const similarityLog = {
  ...kind,
  toLine(row: Record<string, unknown>) {
    const line = kind.toLine(row);
    return {
      ...line,
      matches: Array.isArray(row.matches) ? row.matches.map(asServed) : [],
      thresholds: isObject(row.thresholds) ? row.thresholds : null,
    };
  },
};
