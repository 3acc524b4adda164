/** Reads an archived markdown body from the object store into the MarkdownDocument a conditional GET needs. */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { MarkdownDocumentSchema, type MarkdownDocument } from "../../gen/institute/common/v1/markdown_pb.js";
import type { BodyCache } from "../../lib/object-store/body-cache.js";
import type { ObjectStore } from "../../lib/object-store/object-store.js";

/**
 * `lastModified` is when the copy was archived (the row's time), not when its blob was written; the strong
 * validator is the body's SHA-256 as the object store recorded it. A row whose body is missing is data loss,
 * not a missing report, so it is not reported as NotFound.
 */
export async function loadMarkdown(
  objects: ObjectStore,
  objectKey: string,
  lastModified: number,
): Promise<MarkdownDocument> {
  return documentOf(objectKey, await objects.get(objectKey), lastModified);
}

/**
 * The same for a row whose query also read its body's hash (null: no body): the body comes from the cache of
 * bodies by content identity, so a report read again costs no second round trip and no body transfer.
 */
export async function loadCachedMarkdown(
  bodies: BodyCache,
  row: { objectKey: string; sha256: string | null; archivedAt: number },
): Promise<MarkdownDocument> {
  return documentOf(
    row.objectKey,
    row.sha256 === null ? undefined : await bodies.get(row.objectKey, row.sha256),
    row.archivedAt,
  );
}

function documentOf(
  objectKey: string,
  stored: { body: string; sha256: string } | undefined,
  lastModified: number,
): MarkdownDocument {
  if (!stored) throw new ConnectError(`archived body ${objectKey} is missing from the object store`, Code.DataLoss);
  return create(MarkdownDocumentSchema, {
    body: stored.body,
    sha256: stored.sha256,
    lastModified: BigInt(lastModified),
  });
}
