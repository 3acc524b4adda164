/** reports.ndjson: a daily or weekly report: its author, work date, language, title and the object key of its body. */
import { date, epoch, id, nullable, oneOf, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const reports = tableKind({
  name: "reports",
  describe:
    "a daily or weekly report in one language: author, work date, title, the object key of its markdown body, when archived",
  table: "reports.reports",
  key: ["report_id"],
  columns: [
    ["report_id", id],
    ["kind", oneOf(["daily", "weekly"])],
    ["analyst_id", id],
    ["work_date", date],
    ["lang", oneOf(["en", "zh", "plain"])],
    ["title", nullable(text)],
    ["object_key", id],
    ["archived_at", epoch],
  ],
});
