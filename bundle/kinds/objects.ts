/**
 * objects.ndjson: the object store (report, card-report, fleet-health and memo bodies). A line names the key and
 * where its body sits in the bundle (`file`, markdown as is); the importer stores the file's text under the key,
 * with its SHA-256 and size computed from it, so editing a body is editing its file.
 */
import { sha256Hex } from "../../lib/object-store/object-store.js";
import { bodyFileOf, readBodyFile } from "../body-files.js";
import { epoch, id, int32, text } from "../columns.js";
import { BundleChanged, type Kind } from "../kind.js";
import { lineSchema } from "../table-kind.js";
import { upsertRows } from "../upsert.js";

interface ObjectLine {
  key: string;
  content_type: string;
  created_at: number;
  file: string;
}

/** Body bytes written in one statement at most. */
const GROUP_BYTES = 32 * 1024 * 1024;

const table = {
  table: "objects.blobs",
  key: ["key"],
  columns: [
    ["key", id],
    ["body", text],
    ["sha256", text],
    ["bytes", int32],
    ["content_type", text],
    ["created_at", epoch],
  ],
} as const;

export const objects: Kind<ObjectLine> = {
  name: "objects",
  describe: "an object of the store: its key, content type, creation time and the bundle file holding its body",
  schema: lineSchema({
    key: id.schema,
    content_type: text.schema,
    created_at: epoch.schema,
    file: { type: "string", minLength: 1 },
  }),
  exportSql: "SELECT key, content_type, created_at, body FROM objects.blobs ORDER BY key",
  fetchSize: 100,
  toLine: (row) => ({
    key: row.key as string,
    content_type: row.content_type as string,
    created_at: row.created_at as number,
    file: bodyFileOf(row.key as string),
  }),
  files: (row, line) => [{ path: line.file, body: row.body as string }],
  async check(line, { dir, limits, characters }) {
    const read = await readBodyFile(dir, line.file, limits.bodyBytes);
    if (read.problem !== undefined) return [read.problem];
    characters?.(line.file, read.body);
    return [];
  },
  async write(client, batch, { dir, limits }) {
    // Bodies are read one at a time and written in groups of at most GROUP_BYTES, so a batch of large bodies
    // never sits in memory at once. The file is checked again as it is read: the bundle may have changed since
    // it was validated. A body PostgreSQL cannot hold (a NUL) fails the batch, and so the import.
    let changed = 0;
    let rows: Record<string, unknown>[] = [];
    let bytes = 0;
    for (const line of batch.lines) {
      const read = await readBodyFile(dir, line.file, limits.bodyBytes);
      if (read.problem !== undefined) throw new BundleChanged(read.problem);
      const size = Buffer.byteLength(read.body);
      rows.push({
        key: line.key,
        body: read.body,
        sha256: sha256Hex(read.body),
        bytes: size,
        content_type: line.content_type,
        created_at: line.created_at,
      });
      bytes += size;
      if (bytes >= GROUP_BYTES) {
        changed += await upsertRows(client, table, rows);
        rows = [];
        bytes = 0;
      }
    }
    return changed + (await upsertRows(client, table, rows));
  },
};
