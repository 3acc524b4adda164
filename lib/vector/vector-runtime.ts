/**
 * What the search and factcard services share: the embedder (opened from configuration; an HTTP endpoint that
 * is down is retried) and the live indexes of its model, plus the keyword indexes beside them (which need
 * no embedder), all loaded at start and refreshed every `indexRefreshMs`. Which indexes are kept is the
 * selection (index-selection.ts; by default all of them). Whatever is unavailable is reported by `problem()`,
 * and logged once per reason.
 */
import type pg from "pg";
import type { Embedder } from "../embedding/embedder.js";
import { openEmbedder } from "../embedding/open-embedder.js";
import { KeywordRuntime } from "../keyword/keyword-runtime.js";
import type { SearchConfig } from "../config/search.js";
import { ALL_INDEXES, type IndexName, type IndexSelection } from "./index-selection.js";
import { LiveIndex } from "./live-index.js";
import { databaseIdentity } from "../index-snapshot/database-identity.js";
import { SnapshotPlace } from "../index-snapshot/snapshot-place.js";

export type { IndexName };

export interface RuntimeLog {
  info(message: string): void;
  warn(message: string): void;
}

const SOURCES = {
  documents: { table: "search.document_embeddings", idColumn: "doc_id" },
  factCards: { table: "factcard.fact_card_embeddings", idColumn: "fact_card_id" },
} as const;

/** How long a failed attempt to open the embedder is trusted before the next query tries again. */
const REOPEN_AFTER_MS = 30_000;

export interface VectorRuntimeOptions {
  /** The SELECT-only pool. */
  db: pg.Pool;
  config: Pick<SearchConfig, "embeddings" | "indexRefreshMs"> & Partial<Pick<SearchConfig, "indexDir">>;
  log?: RuntimeLog;
  /** Replaces the configured embedder (tests, benchmarks). */
  embedder?: Embedder;
  /** The indexes to keep (default: all). */
  indexes?: IndexSelection;
}

export class VectorRuntime {
  private current: Embedder | null = null;
  private openedAt = 0;
  private openError: string | null = null;
  /** The last query embedding failed (e.g. the endpoint went down); cleared by the next success. */
  private embedError: string | null = null;
  private readonly indexes = new Map<IndexName, LiveIndex>();
  private readonly indexErrors = new Map<IndexName, string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastLogged: string | null = null;
  /** Where snapshots go: resolved at the first look (it needs the database's identity); null: none. */
  private place: SnapshotPlace | null | undefined;
  /** Settles when the first look is over (start() does not wait for it when asked not to). */
  firstLook: Promise<void> = Promise.resolve();
  log: RuntimeLog;
  /** BM25 over the same documents and fact cards, refreshed with the vector indexes. */
  readonly keywords: KeywordRuntime;
  readonly selection: IndexSelection;

  constructor(private readonly options: VectorRuntimeOptions) {
    this.log = options.log ?? { info: () => {}, warn: () => {} };
    this.selection = options.indexes ?? ALL_INDEXES;
    this.keywords = new KeywordRuntime(options.db, this.selection);
  }

  /**
   * Opens the embedder and loads the selected indexes (from their snapshots when there are some fit to load), then
   * refreshes periodically; never throws (see `problem()`). With `wait: false` it returns at once and the first look
   * goes on in the background, the process serving meanwhile with search not ready (`firstLook` settles after it).
   */
  async start(options: { wait?: boolean } = {}): Promise<void> {
    this.stopped = false;
    this.firstLook = this.refresh()
      .catch((e: Error) => this.report(`refresh failed: ${e.message}`))
      .finally(() => this.schedule());
    if (options.wait !== false) await this.firstLook;
  }

  private async snapshotPlace(): Promise<SnapshotPlace | null> {
    if (this.place !== undefined) return this.place;
    const dir = this.options.config.indexDir ?? null;
    const identity = dir ? await databaseIdentity(this.options.db) : null;
    if (dir && !identity)
      this.log.warn(`index snapshots off: the database's system identifier cannot be read (pg_control_system)`);
    const log = { info: (m: string) => this.log.info(m), warn: (m: string) => this.log.warn(m) };
    this.place = dir && identity ? new SnapshotPlace(dir, identity, log) : null;
    this.keywords.snapshots = this.place;
    return this.place;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule() {
    const every = this.options.config.indexRefreshMs;
    if (this.stopped || every <= 0) return;
    this.timer = setTimeout(() => {
      this.refresh()
        .catch((e: Error) => this.report(`refresh failed: ${e.message}`))
        .finally(() => this.schedule());
    }, every);
    this.timer.unref();
  }

  private async ensureEmbedder(force: boolean): Promise<Embedder | null> {
    if (this.current) return this.current;
    if (!force && Date.now() - this.openedAt < REOPEN_AFTER_MS) return null;
    this.openedAt = Date.now();
    try {
      this.current = this.options.embedder ?? (await openEmbedder(this.options.config.embeddings));
      this.openError = null;
      this.log.info(`embedder ${this.current.model} (${this.current.dimensions} dimensions) is ready`);
    } catch (e) {
      this.openError = `no embedder: ${(e as Error).message}`;
    }
    return this.current;
  }

  /** One look now: opens the embedder if needed, then loads or refreshes each index. */
  async refresh(): Promise<void> {
    const place = await this.snapshotPlace();
    await this.keywords.refresh();
    const embedder = await this.ensureEmbedder(true);
    if (embedder && this.embedError) {
      await embedder.embed(["probe"]).then(
        () => this.embedSucceeded(),
        (e: Error) => this.embedFailed(e.message),
      );
    }
    if (embedder) {
      for (const name of this.selection.vectors) {
        let index = this.indexes.get(name);
        if (!index) {
          index = new LiveIndex({
            db: this.options.db,
            source: SOURCES[name],
            model: embedder.model,
            dimensions: embedder.dimensions,
            snapshots: place,
            log: { info: (m) => this.log.info(m) },
          });
          this.indexes.set(name, index);
        }
        try {
          await index.refresh();
          this.indexErrors.delete(name);
        } catch (e) {
          this.indexErrors.set(name, `${name} index unavailable: ${(e as Error).message}`);
        }
      }
    }
    this.report(this.firstProblem());
  }

  /** The embedder, or null when none can be had (the reason is `problem()`). */
  async embedder(): Promise<Embedder | null> {
    return this.ensureEmbedder(false);
  }

  /** Query embedding failed: search is not ready until an embedding succeeds again. */
  embedFailed(reason: string) {
    this.embedError = `embedder failing: ${reason}`;
    this.report(this.embedError);
  }

  embedSucceeded() {
    if (this.embedError === null) return;
    this.embedError = null;
    this.report(this.firstProblem());
  }

  /** The index, once loaded. */
  index(name: IndexName): LiveIndex | null {
    const index = this.indexes.get(name);
    return index?.ready ? index : null;
  }

  /** Why `name` cannot be searched right now, or null when it can. */
  problem(name: IndexName): string | null {
    if (!this.selection.vectors.includes(name)) return `${name} index is not kept by this process`;
    if (!this.current) return this.openError ?? "no embedder: not opened yet";
    if (this.embedError) return this.embedError;
    if (!this.index(name)) return this.indexErrors.get(name) ?? `${name} index not loaded yet`;
    return null;
  }

  private firstProblem(): string | null {
    return this.selection.vectors.map((name) => this.problem(name)).find((p) => p !== null) ?? null;
  }

  /** Why this process is not ready to search yet (an index not loaded, no embedder), or null: its readiness check. */
  readinessProblem(): string | null {
    const keywords = this.keywords.notLoaded();
    return keywords ?? this.firstProblem();
  }

  /** Logs a reason the first time it is seen (and again only after things recovered). */
  report(problem: string | null) {
    if (problem === this.lastLogged) return;
    if (problem) this.log.warn(`search not ready: ${problem}`);
    else if (this.lastLogged) this.log.info("search ready again");
    this.lastLogged = problem;
  }

  /** What GET /api/v1/meta reports as search_enabled and storage.vectorize. */
  searchReady(): boolean {
    return this.problem("documents") === null;
  }
}
