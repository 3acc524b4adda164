/**
 * Loads a bundle: validates all of it first (nothing is written when any line is bad), then upserts every kind in
 * one transaction, batch by batch, in dependency order, so a failure part-way (a reference to a row that exists
 * nowhere, say) leaves the database as it was. Rows are never deleted: a bundle adds and updates. A batch is
 * bounded in lines and in bytes, so memory stays flat however large the bundle (each line is bounded too).
 */
import { inTransaction } from "../lib/db/transaction.js";
import path from "node:path";
import type { DatabaseError, PoolClient } from "pg";
import type { Pool } from "../lib/db/pool.js";
import { DEFAULT_BUNDLE_LIMITS, type BundleLimits } from "../lib/config/bundle.js";
import { BundleChanged, fileOf, LineRefused, lineBoundOf, type Kind } from "./kind.js";
import { BundleRefused } from "./manifest.js";
import { readLines } from "./lines.js";
import { silentProgress, type Progress } from "./progress.js";
import { validateBundle } from "./validate.js";
import { recordImport, type ImportOutcome } from "../lib/usage/import-log.js";
import { recordAudit } from "../lib/audit/audit-log.js";

export interface ImportResult {
  /** Set when the bundle was refused: each problem as FILE:LINE: message. Nothing was written. */
  problems?: string[];
  /** Accepted but worth knowing (the character report), one line per file. */
  notices: string[];
  /** Per kind: lines read, and rows new or changed (the rest already held the same values). */
  kinds: Record<string, { lines: number; changed: number }>;
}

/** The database refused a batch; the transaction was rolled back. */
export class ImportFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFailed";
  }
}

/** Serialises importers: two at once would wait on each other's rows. */
const LOCK_KEY = 7_300_461;
const BATCH = 5000;
/** Line bytes in one batch at most (a body file's bytes are bounded by its kind's own write). */
const BATCH_BYTES = 16 * 1024 * 1024;

function describeDatabaseError(e: DatabaseError): string {
  return [e.message, e.detail].filter(Boolean).join(": ");
}

/** Writes one kind's file in batches inside the open transaction; lines read and rows new or changed. */
async function importKind(
  client: PoolClient,
  kind: Kind<any>,
  dir: string,
  state: Map<string, unknown>,
  size: number,
  progress: Progress,
  limits: BundleLimits,
) {
  const file = path.join(dir, fileOf(kind));
  let batch = { lines: [] as unknown[], lineNos: [] as number[] };
  let changed = 0;
  let lines = 0;
  let bytes = 0;
  const flush = async () => {
    if (!batch.lines.length) return;
    try {
      changed += await kind.write(client, batch, { dir, state, limits });
    } catch (e) {
      if (e instanceof LineRefused) throw new ImportFailed(`${file}:${e.lineNo}: ${e.message}, nothing was imported`);
      if (e instanceof BundleChanged)
        throw new ImportFailed(
          `${file}:${batch.lineNos[0]}-${batch.lineNos.at(-1)}: ${e.message}, nothing was imported`,
        );
      if ((e as DatabaseError).severity === undefined) throw e;
      const range = `${batch.lineNos[0]}-${batch.lineNos[batch.lineNos.length - 1]}`;
      throw new ImportFailed(
        `${file}:${range}: the database refused these lines, nothing was imported: ${describeDatabaseError(e as DatabaseError)}`,
      );
    }
    progress.add(kind.name, batch.lines.length);
    batch = { lines: [], lineNos: [] };
    bytes = 0;
  };
  progress.start(kind.name);
  const bound = lineBoundOf(kind, limits);
  for await (const { text, lineNo, problem } of readLines(file, bound.bytes, bound.name)) {
    if (text === undefined)
      throw new ImportFailed(
        `${file}:${lineNo}: ${problem} (the file changed since it was validated), nothing was imported`,
      );
    batch.lines.push(JSON.parse(text));
    batch.lineNos.push(lineNo);
    lines = lineNo;
    bytes += text.length;
    if (batch.lines.length >= size || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  progress.done(kind.name, `${changed.toLocaleString("en-US")} rows new or changed`);
  return { lines, changed };
}

export interface ImportOptions {
  progress?: Progress;
  validationProgress?: Progress;
  batchSize?: number;
  limits?: BundleLimits;
  /** Who imports, for the import's record (usage.imports): `cli:<OS user>`, `console:<operator>`; default "unknown". */
  actor?: string;
  /** Epoch milliseconds (tests fix it); default Date.now. */
  now?: () => number;
}

/**
 * Validates, then imports in one transaction; every run, however it ends, writes its record (lib/usage/import-log.ts)
 * and an audit row.
 */
export async function importBundle(
  owner: Pool,
  dir: string,
  kinds: readonly Kind<any>[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  const startedAt = (options.now ?? Date.now)();
  const started = performance.now();
  const record = async (outcome: ImportOutcome, written: ImportResult["kinds"], detail: string | null) => {
    const entry = {
      startedAt,
      durationMs: performance.now() - started,
      actor: options.actor ?? "unknown",
      source: dir,
    };
    await recordImport(owner, { ...entry, outcome, kinds: written, detail });
    // An import is an operator action too: one audit row, beside the import's own record.
    const lines = Object.values(written).reduce((sum, k) => sum + k.lines, 0);
    await recordAudit(owner, {
      actor: entry.actor,
      action: "bundle.import",
      target: dir,
      detail: { outcome, lines },
      at: startedAt,
    });
  };
  let result: ImportResult;
  try {
    result = await loadBundle(owner, dir, kinds, options);
  } catch (e) {
    // The transaction was rolled back; the record says why, and the failure still reaches the caller.
    await record(e instanceof BundleRefused ? "refused" : "failed", {}, (e as Error).message).catch(() => {});
    throw e;
  }
  try {
    if (result.problems) await record("refused", {}, result.problems.slice(0, 20).join("\n"));
    else await record("imported", result.kinds, null);
  } catch (e) {
    result.notices.push(`the import could not be recorded in usage.imports: ${(e as Error).message}`);
  }
  return result;
}

async function loadBundle(
  owner: Pool,
  dir: string,
  kinds: readonly Kind<any>[],
  options: ImportOptions,
): Promise<ImportResult> {
  const limits = options.limits ?? DEFAULT_BUNDLE_LIMITS;
  const checked = await validateBundle(dir, kinds, { progress: options.validationProgress, limits });
  if (checked.problems.length) return { problems: checked.problems, notices: checked.notices, kinds: {} };

  const result: ImportResult = { notices: checked.notices, kinds: {} };
  await inTransaction(owner, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
    const state = new Map<string, unknown>();
    for (const kind of kinds) {
      const size = options.batchSize ?? kind.fetchSize ?? BATCH;
      const progress = options.progress ?? silentProgress;
      result.kinds[kind.name] = await importKind(client, kind, dir, state, size, progress, limits);
    }
  });
  return result;
}
