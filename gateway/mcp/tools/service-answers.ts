/** Turning service answers into tool results: a MarkdownDocument as result members, and messages a service must set. */
import { Code, ConnectError } from "@connectrpc/connect";
import type { MarkdownDocument } from "../../../gen/institute/common/v1/markdown_pb.js";
import type { WholeDocument } from "../tool.js";

export function markdownResult(document: MarkdownDocument | undefined) {
  if (!document) throw new ConnectError("service answered without a document", Code.Internal);
  return { markdown: document.body, sha256: document.sha256, last_modified: Number(document.lastModified) };
}

/** A markdown result read whole, as a resource serves it. */
export const wholeDocument = (doc: { markdown: string; last_modified: number }): WholeDocument => ({ text: doc.markdown, lastModified: doc.last_modified });

/** A response message a service must always set; its absence is a contract breach (an internal error). */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new ConnectError(`service answered without ${what}`, Code.Internal);
  return value;
}
