/** topic-pool.ndjson: a TopicPoolEntry exactly as GET /api/v1/whiteboard/topic-pool lists it. */
import { double, epoch, id, nullable, oneOf, text, uuid } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const topicPool = tableKind({
  name: "topic-pool",
  describe: "a TopicPoolEntry, as GET /api/v1/whiteboard/topic-pool lists it",
  table: "catalog.topic_pool",
  key: ["pool_id"],
  columns: [
    ["pool_id", id],
    ["topic", text],
    ["question", nullable(text)],
    ["suggested_analyst_id", nullable(text)],
    ["rationale", nullable(text)],
    ["source_kind", text],
    ["source_run_id", nullable(text)],
    ["source_analyst_id", nullable(text)],
    ["priority", text],
    ["score", double],
    ["status", oneOf(["candidate", "promoted", "expired", "rejected"])],
    ["promoted_board_id", nullable(uuid)],
    ["created_at", epoch],
    ["promoted_at", nullable(epoch)],
    ["expires_at", epoch],
  ],
});
