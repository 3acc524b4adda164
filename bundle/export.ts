/**
 * Writes every kind of the database to a bundle folder: one REPEATABLE READ, READ ONLY transaction (so the files
 * agree with each other), one server-side cursor per kind fetched in batches (constant memory), lines written with
 * the stream's backpressure, body files beside them, and the manifest last.
 */
import type pg from "pg";
import { inTransaction } from "../lib/db/transaction.js";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import type { Pool } from "../lib/db/pool.js";
import { fileOf, type Kind } from "./kind.js";
import { BundleRefused, FORMAT, FORMAT_VERSION, writeManifest } from "./manifest.js";
import { silentProgress, type Progress } from "./progress.js";

const FETCH = 1000;

async function emptyFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw new BundleRefused(`${dir}: cannot be read (${e.code})`);
  });
  if (entries.length) throw new BundleRefused(`${dir}: not empty; export writes a bundle into a new or empty folder`);
  await mkdir(dir, { recursive: true });
}

/** Streams one kind's rows through a cursor into its file (and its body files), inside the export's snapshot. */
async function exportKind(
  client: pg.PoolClient,
  kind: Kind<any>,
  dir: string,
  made: Set<string>,
  progress: Progress,
): Promise<number> {
  progress.start(kind.name);
  const out = createWriteStream(path.join(dir, fileOf(kind)));
  let n = 0;
  await client.query(`DECLARE bundle_rows NO SCROLL CURSOR FOR ${kind.exportSql}`);
  for (;;) {
    const { rows } = await client.query(`FETCH ${kind.fetchSize ?? FETCH} FROM bundle_rows`);
    if (rows.length === 0) break;
    const files: { path: string; body: string }[] = [];
    for (const row of rows) {
      const line = kind.toLine(row);
      files.push(...(kind.files?.(row, line) ?? []));
      if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, "drain");
    }
    // A fetch's body files are written together, their folders first.
    const folders = [...new Set(files.map((f) => path.dirname(path.join(dir, f.path))))].filter((f) => !made.has(f));
    await Promise.all(folders.map((f) => mkdir(f, { recursive: true })));
    for (const f of folders) made.add(f);
    await Promise.all(files.map((f) => writeFile(path.join(dir, f.path), f.body)));
    n += rows.length;
    progress.add(kind.name, rows.length);
  }
  await client.query("CLOSE bundle_rows");
  out.end();
  await once(out, "finish");
  progress.done(kind.name);
  return n;
}

export async function exportBundle(
  owner: Pool,
  dir: string,
  kinds: readonly Kind<any>[],
  progress: Progress = silentProgress,
  now = () => new Date(),
): Promise<Record<string, number>> {
  await emptyFolder(dir);
  const counts: Record<string, number> = {};
  const made = new Set<string>();
  // One snapshot for every kind, so the files agree with each other.
  await inTransaction(
    owner,
    async (client) => {
      for (const kind of kinds) counts[kind.name] = await exportKind(client, kind, dir, made, progress);
    },
    "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
  );
  await writeManifest(dir, {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    exported_at: now().toISOString(),
    counts,
  });
  return counts;
}
