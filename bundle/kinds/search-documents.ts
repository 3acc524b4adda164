/**
 * search-documents.ndjson: the archived output semantic search covers. The importer's embed job embeds a new
 * document and one whose title or body changed; vectors are never part of a bundle (they belong to a model).
 */
import { epoch, id, nullable, oneOf, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const searchDocuments = tableKind({
  name: "search-documents",
  lineBound: "body",
  describe: "an archived document search covers: session, analyst, path, title, language, body text, when archived",
  table: "search.documents",
  key: ["doc_id"],
  columns: [
    ["doc_id", id],
    ["session_id", nullable(text)],
    ["analyst_id", nullable(text)],
    ["path", nullable(text)],
    ["title", nullable(text)],
    ["lang", oneOf(["en", "zh", "plain"])],
    ["body", text],
    ["archived_at", nullable(epoch)],
  ],
});
