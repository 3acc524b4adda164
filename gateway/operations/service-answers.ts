/**
 * What the gateway makes of a service's answer before either surface shapes it: a markdown document as plain
 * members, and the response messages a service must always set. Both surfaces read through these.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import type { MarkdownDocument } from "../../gen/institute/common/v1/markdown_pb.js";
import { int, object, str } from "../schemas/common.js";

/** A markdown document as the gateway hands it on: its body, its SHA-256 (the ETag) and when it was archived. */
export interface MarkdownAnswer {
  markdown: string;
  sha256: string;
  /** Epoch milliseconds. */
  last_modified: number;
}

/** Its schema, an operation's output: REST sends it as text/markdown, a tool windows it. */
export const markdownAnswer = object({ markdown: str, sha256: str, last_modified: int });

export function markdownResult(doc: MarkdownDocument | undefined): MarkdownAnswer {
  const document = required(doc, "a document");
  return { markdown: document.body, sha256: document.sha256, last_modified: Number(document.lastModified) };
}

/** A response message a service must always set; its absence is a contract breach (an internal error). */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new ConnectError(`service answered without ${what}`, Code.Internal);
  return value;
}
