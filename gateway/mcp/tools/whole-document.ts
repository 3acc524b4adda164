/** A markdown answer read whole, as a resource serves the document a document tool windows. */
import type { MarkdownAnswer } from "../../operations/service-answers.js";
import type { WholeDocument } from "../tool.js";

export const wholeDocument = (doc: MarkdownAnswer): WholeDocument => ({
  text: doc.markdown,
  lastModified: doc.last_modified,
});
