/** coverage-artifacts.ndjson: a one-shot coverage research run and its artifact (markdown, null when none came back). */
import { date, epoch, id, nullable, oneOf, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const coverageArtifacts = tableKind({
  name: "coverage-artifacts",
  lineBound: "body",
  describe:
    "a coverage research run: topic, requester, terminal status, the artifact's full markdown (or null), analyst, dates",
  table: "reports.coverage_artifacts",
  key: ["coverage_id"],
  columns: [
    ["coverage_id", id],
    ["topic", text],
    ["requested_by", text],
    ["status", oneOf(["completed", "failed", "expired", "cancelled"])],
    ["artifact", nullable(text)],
    ["analyst_id", nullable(text)],
    ["work_date", date],
    ["created_at", epoch],
    ["ended_at", epoch],
  ],
});
