/**
 * known-topics.ndjson and data-topics.ndjson: the shared market-data topics the ingest knows (in their order), and
 * each topic document that landed on a work date, with the byte size and fetch time the ingest recorded.
 */
import { date, epoch, id, int32, json, nullable } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const knownTopics = tableKind({
  name: "known-topics",
  describe: "a topic the shared-data ingest knows, with its place in the known_topics list",
  table: "reports.known_topics",
  key: ["topic"],
  columns: [
    ["topic", id],
    ["sort_order", int32],
  ],
});

export const dataTopics = tableKind({
  name: "data-topics",
  describe:
    "one shared-data topic document of a work date: the free-form JSON object, its recorded size in bytes, when it was fetched",
  table: "reports.data_topics",
  key: ["work_date", "topic"],
  columns: [
    ["work_date", date],
    ["topic", id],
    ["document", json({ type: "object" })],
    ["bytes", { ...int32, schema: { type: "integer", minimum: 0, maximum: 2147483647 } }],
    ["fetched_at", nullable(epoch)],
  ],
});
