/** events.ndjson: the institute's event log. */
import { epoch, id, json, nullable, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const events = tableKind({
  name: "events",
  describe: "an event: kind, subject, analyst, free-form detail object, when it occurred",
  table: "catalog.events",
  key: ["event_id"],
  columns: [
    ["event_id", id],
    ["kind", text],
    ["subject_id", nullable(text)],
    ["analyst_id", nullable(text)],
    ["detail", json({ type: "object" })],
    ["occurred_at", epoch],
  ],
});
