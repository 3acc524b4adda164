/** card-reports.ndjson: which language of a whiteboard card's report is stored under which object key, and when. */
import { epoch, id, oneOf } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const cardReports = tableKind({
  name: "card-reports",
  describe:
    "one language (en, zh or plain) of a card's report: the card, the object key of its body, when it was archived",
  table: "catalog.card_reports",
  key: ["card_id", "lang"],
  columns: [
    ["card_id", id],
    ["lang", oneOf(["en", "zh", "plain"])],
    ["object_key", id],
    ["archived_at", epoch],
  ],
});
