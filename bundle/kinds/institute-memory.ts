/** institute-memory.ndjson: the institute's long-lived memory documents (markdown held in the line's body). */
import { epoch, id, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const instituteMemory = tableKind({
  name: "institute-memory",
  lineBound: "body",
  describe: "a memory document: title, markdown body, when last updated",
  table: "catalog.institute_memory",
  key: ["memory_id"],
  columns: [
    ["memory_id", id],
    ["title", text],
    ["body", text],
    ["updated_at", epoch],
  ],
});
