/** Reads an archived markdown body from the object store into the MarkdownDocument a conditional GET needs. */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { MarkdownDocumentSchema, type MarkdownDocument } from "../../gen/institute/common/v1/markdown_pb.js";
import type { ObjectStore } from "../../lib/object-store/object-store.js";

/**
 * `lastModified` is when the copy was archived (the row's time), not when its blob was written; the strong
 * validator is the body's SHA-256 as the object store recorded it. A row whose body is missing is data loss,
 * not a missing report, so it is not reported as NotFound.
 */
export async function loadMarkdown(objects: ObjectStore, objectKey: string, lastModified: number): Promise<MarkdownDocument> {
  const stored = await objects.get(objectKey);
  if (!stored) throw new ConnectError(`archived body ${objectKey} is missing from the object store`, Code.DataLoss);
  return create(MarkdownDocumentSchema, { body: stored.body, sha256: stored.sha256, lastModified: BigInt(lastModified) });
}
