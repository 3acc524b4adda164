/**
 * objects.ndjson: the object store (report, card-report, fleet-health and memo bodies). A line names the key and
 * where its body sits in the bundle (`file`, markdown as is); the importer stores the file's text under the key,
 * with its SHA-256 and size computed from it, so editing a body is editing its file.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sha256Hex } from "../../lib/object-store/object-store.js";
import { bodyFileOf, bodyFileProblem } from "../body-files.js";
import { epoch, id, int32, text } from "../columns.js";
import type { Kind } from "../kind.js";
import { lineSchema } from "../table-kind.js";
import { upsertRows } from "../upsert.js";

interface ObjectLine {
  key: string;
  content_type: string;
  created_at: number;
  file: string;
}

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
  async check(line, { dir }) {
    const problem = await bodyFileProblem(dir, line.file);
    return problem ? [problem] : [];
  },
  async write(client, batch, { dir }) {
    // A batch's files are read together; a body PostgreSQL cannot hold (a NUL) fails the batch, and so the import.
    const rows = await Promise.all(
      batch.lines.map(async (line) => {
        const body = await readFile(path.join(dir, line.file), "utf8");
        return {
          key: line.key,
          body,
          sha256: sha256Hex(body),
          bytes: Buffer.byteLength(body),
          content_type: line.content_type,
          created_at: line.created_at,
        };
      }),
    );
    return upsertRows(client, table, rows);
  },
};
