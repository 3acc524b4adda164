/**
 * Imports record themselves (usage.imports): when, by whom, from which folder, rows per kind, how long, and how it
 * ended (imported, refused by validation with nothing written, or failed part-way and rolled back). The importer
 * writes one row per run, whichever way in it came (the command line, the console); `recentImports` is what the
 * console's Data page shows.
 */
import type { Queryable } from "../audit/audit-log.js";

export type ImportOutcome = "imported" | "refused" | "failed";

export interface ImportRecord {
  /** Epoch milliseconds when the import started. */
  startedAt: number;
  durationMs: number;
  /** `cli:<OS user>` (or `cli`) from the command line, `console:<operator>` from the console. */
  actor: string;
  /** The bundle folder. */
  source: string | null;
  outcome: ImportOutcome;
  /** Per kind: lines read and rows new or changed (empty when nothing was written). */
  kinds: Record<string, { lines: number; changed: number }>;
  /** The first problems of a refused bundle, or why it failed; null when it was imported. */
  detail: string | null;
}

export interface ImportRow extends ImportRecord {
  importId: string;
}

const DETAIL_MAX = 4000;
const clip = (text: string | null, max: number) =>
  text !== null && text.length > max ? `${text.slice(0, max - 1)}…` : text;

export async function recordImport(q: Queryable, record: ImportRecord): Promise<void> {
  await q.query(
    `INSERT INTO usage.imports (started_at, duration_ms, actor, source, outcome, kinds, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      record.startedAt,
      Math.max(0, Math.round(record.durationMs)),
      clip(record.actor, 200),
      clip(record.source, 1000),
      record.outcome,
      JSON.stringify(record.kinds),
      clip(record.detail, DETAIL_MAX),
    ],
  );
}

/** The newest `n` imports first. */
export async function recentImports(q: Queryable, n: number): Promise<ImportRow[]> {
  const { rows } = await q.query(
    `SELECT import_id, started_at, duration_ms, actor, source, outcome, kinds, detail
       FROM usage.imports ORDER BY started_at DESC, import_id DESC LIMIT $1`,
    [n],
  );
  return rows.map((r) => ({
    importId: String(r.import_id),
    startedAt: Number(r.started_at),
    durationMs: Number(r.duration_ms),
    actor: r.actor,
    source: r.source,
    outcome: r.outcome,
    kinds: r.kinds,
    detail: r.detail,
  }));
}
