/** card-actions.ndjson: the actions extracted from a whiteboard card's text (what whiteboard_card_actions serves). */
import { boolean, epoch, id, int32, json, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const cardActions = tableKind({
  name: "card-actions",
  describe:
    "the actions extracted from one card's text: the actions array, which text was sent, its size, the task, when",
  table: "catalog.card_actions",
  key: ["card_id"],
  columns: [
    ["card_id", id],
    ["actions", json({ type: "array" })],
    ["source", text],
    ["source_chars", int32],
    ["truncated", boolean],
    ["task_id", text],
    ["extracted_at", epoch],
  ],
});
