/**
 * The owner-side embed job: embeds every document and fact card that lacks a vector of the current model (or
 * whose text changed, or whose last attempt failed), stores it with the model and dimension, and keeps each
 * fact card's `embedding_status` truthful: done, failed (the embedder refused), skipped (nothing to embed).
 * A change of model re-embeds everything, one row at a time replacing the old vector, so no index ever holds
 * two models. Runs after seeding or importing; replicas that start it together serialise on an advisory lock.
 */
import { inTransaction } from "../../lib/db/transaction.js";
import type pg from "pg";
import { EmbeddingsError } from "../../lib/embedding/http-embedder.js";
import type { Embedder } from "../../lib/embedding/embedder.js";
import {
  documentsTarget,
  factCardsTarget,
  type EmbedResult,
  type EmbedTarget,
  type PendingRow,
} from "./embed-targets.js";
import { encodeVector, isZero } from "../../lib/embedding/vector-codec.js";

export interface EmbedCounts {
  embedded: number;
  skipped: number;
  failed: number;
}

export interface EmbedReport {
  model: string;
  dimensions: number;
  documents: EmbedCounts;
  factCards: EmbedCounts;
  /** Set when the run stopped early: the embedder is unreachable (everything left stays as it was). */
  aborted?: string;
  /** Another embed job held the lock; this one did nothing. */
  busy?: boolean;
}

export interface EmbedOptions {
  /** Rows read and written per transaction (default 256). */
  pageSize?: number;
  now?: () => number;
}

const LOCK_KEY = 7_300_460;

/** One page: a batch call, then one call per text when the batch is refused, so one bad text fails alone. */
async function embedPage(embedder: Embedder, rows: PendingRow[]): Promise<EmbedResult[]> {
  const result = (row: PendingRow, v: Float32Array | null, error: string | null): EmbedResult => {
    if (error !== null) return { id: row.id, status: "failed", embedding: null, md5: row.md5, error };
    if (v === null || isZero(v)) return { id: row.id, status: "skipped", embedding: null, md5: row.md5, error: null };
    return { id: row.id, status: "done", embedding: encodeVector(v), md5: row.md5, error: null };
  };
  const blank = (row: PendingRow) => row.text.trim() === "";
  const texts = rows.filter((r) => !blank(r));
  let vectors: Float32Array[] | undefined;
  try {
    vectors = await embedder.embed(texts.map((r) => r.text));
  } catch (e) {
    if (e instanceof EmbeddingsError && e.retryable) throw e;
  }
  const byId = new Map<string, Float32Array>();
  if (vectors) texts.forEach((r, i) => byId.set(r.id, vectors![i]!));
  const out: EmbedResult[] = [];
  for (const row of rows) {
    if (blank(row)) {
      out.push(result(row, null, null));
      continue;
    }
    if (vectors) {
      out.push(result(row, byId.get(row.id)!, null));
      continue;
    }
    try {
      const [v] = await embedder.embed([row.text]);
      if (v!.length !== embedder.dimensions)
        throw new Error(`got ${v!.length} dimensions, expected ${embedder.dimensions}`);
      out.push(result(row, v!, null));
    } catch (e) {
      if (e instanceof EmbeddingsError && e.retryable) throw e;
      out.push(result(row, null, (e as Error).message.slice(0, 500)));
    }
  }
  return out;
}

async function runTarget(
  owner: pg.Pool,
  embedder: Embedder,
  target: EmbedTarget,
  options: Required<EmbedOptions>,
  counts: EmbedCounts,
) {
  let after = "";
  for (;;) {
    const rows = await target.pending(owner, embedder.model, embedder.dimensions, after, options.pageSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const results = await embedPage(embedder, rows);
    await inTransaction(owner, (client) =>
      target.write(client, embedder.model, embedder.dimensions, options.now(), results),
    );
    for (const r of results) counts[r.status === "done" ? "embedded" : r.status]++;
  }
}

/** Embeds what is pending for `embedder`'s model. Safe to run at any time and repeatedly. */
export async function embedPending(
  owner: pg.Pool,
  embedder: Embedder,
  options: EmbedOptions = {},
): Promise<EmbedReport> {
  const settings = { pageSize: options.pageSize ?? 256, now: options.now ?? Date.now };
  const empty = (): EmbedCounts => ({ embedded: 0, skipped: 0, failed: 0 });
  const report: EmbedReport = {
    model: embedder.model,
    dimensions: embedder.dimensions,
    documents: empty(),
    factCards: empty(),
  };
  const lock = await owner.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [LOCK_KEY]);
    if (!rows[0]!.locked) return { ...report, busy: true };
    try {
      const targets = [documentsTarget, factCardsTarget];
      // First, everything that will be re-embedded says so, even if the run stops early.
      for (const target of targets) await target.markStale?.(owner, embedder.model, embedder.dimensions);
      for (const target of targets) {
        await runTarget(owner, embedder, target, settings, report[target.name]);
      }
    } catch (e) {
      if (!(e instanceof EmbeddingsError)) throw e;
      report.aborted = e.message;
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    }
  } finally {
    lock.release();
  }
  return report;
}
