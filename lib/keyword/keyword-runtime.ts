/**
 * The keyword side of search, beside the vector runtime: a BM25 index over archived documents and one over fact
 * cards, and one bilingual bridge fed by both tables, loaded at start and refreshed on the vector runtime's schedule.
 * Which of them a process keeps is its selection (lib/vector/index-selection.ts): the bridge reads both tables even
 * where neither BM25 index is kept. It reads with the SELECT-only pool and needs no embedder.
 */
import type pg from "pg";
import type { IndexName, IndexSelection } from "../vector/index-selection.js";
import { ALL_INDEXES, INDEX_NAMES } from "../vector/index-selection.js";
import { alignedUnits, BilingualBridge } from "./bilingual-bridge.js";
import type { SnapshotPlace } from "../index-snapshot/snapshot-place.js";
import { loadKeywords, saveKeywords } from "./keyword-snapshot.js";
import { LiveTextIndex, type TextIndexParts, type TextSource } from "./live-text-index.js";

export type DocumentLang = "en" | "zh" | "plain";
/** A document's group in the BM25 index is its language's place here, so a search can filter on language cheaply. */
export const LANG_GROUPS: readonly DocumentLang[] = ["plain", "en", "zh"];

/** What search filters a document by, held in memory beside its postings. */
export interface DocumentMeta {
  /** Also what a search answers with, beside the path, session and archive time, without reading the row again. */
  title: string | null;
  lang: DocumentLang;
  path: string | null;
  analystId: string | null;
  sessionId: string | null;
  archivedAt: number | null;
}

export interface FactCardMeta {
  category: string;
}

/** As much of a body as the search service ever reads (services/search/document-store.ts). */
const BODY_CHARS = 20_000;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

const documentsSource: TextSource<DocumentMeta> = {
  table: "search.documents",
  idColumn: "doc_id",
  columns: `doc_id AS id, tx::text AS tx, title, left(body, ${BODY_CHARS}) AS body, lang, path, analyst_id, session_id, archived_at`,
  entry(row) {
    const title = str(row.title) ?? "";
    const text = `${title}\n\n${String(row.body)}`;
    const lang = row.lang as DocumentLang;
    return {
      text,
      meta: {
        title: str(row.title),
        lang,
        path: str(row.path),
        analystId: str(row.analyst_id),
        sessionId: str(row.session_id),
        archivedAt: row.archived_at === null ? null : Number(row.archived_at),
      },
      pairs: lang === "plain" ? alignedUnits(text) : [],
      group: Math.max(0, LANG_GROUPS.indexOf(lang)),
    };
  },
};

const factCardsSource: TextSource<FactCardMeta> = {
  table: "factcard.fact_cards",
  idColumn: "fact_card_id",
  columns: "fact_card_id AS id, tx::text AS tx, claim_text, claim_text_en, found_text, found_text_en, claim_category",
  entry(row) {
    const claim = String(row.claim_text);
    const en = String(row.claim_text_en);
    const pairs: [string, string][] = [];
    if (claim !== en) pairs.push([claim, en]);
    if (row.found_text !== null && row.found_text_en !== null && row.found_text !== row.found_text_en)
      pairs.push([String(row.found_text), String(row.found_text_en)]);
    return { text: claim === en ? en : `${claim}\n${en}`, meta: { category: String(row.claim_category) }, pairs };
  },
};

export class KeywordRuntime {
  /** Null where the selection has no bridge. */
  readonly bridge: BilingualBridge | null;
  private readonly kept: {
    documents: LiveTextIndex<DocumentMeta> | null;
    factCards: LiveTextIndex<FactCardMeta> | null;
  };
  /** Every table read, including those read only for the bridge. */
  private readonly tables: [IndexName, LiveTextIndex<unknown>][] = [];
  private readonly errors = new Map<string, string>();
  /** Where the indexes are saved and loaded from (keyword-snapshot.ts); null: built at every start. */
  snapshots: SnapshotPlace | null = null;
  private restored = false;
  private savedAt = -1;
  private readonly selectionName: string;

  constructor(db: pg.Pool, selection: Pick<IndexSelection, "keywords" | "bridge"> = ALL_INDEXES) {
    this.selectionName = `${selection.keywords.join("+") || "none"}${selection.bridge ? "+bridge" : ""}`;
    this.bridge = selection.bridge ? new BilingualBridge() : null;
    const open = <M>(name: IndexName, source: TextSource<M>): LiveTextIndex<M> | null => {
      const postings = selection.keywords.includes(name);
      if (!postings && !this.bridge) return null;
      const index = new LiveTextIndex(db, source, this.bridge, postings);
      this.tables.push([name, index as LiveTextIndex<unknown>]);
      return postings ? index : null;
    };
    this.kept = { documents: open("documents", documentsSource), factCards: open("factCards", factCardsSource) };
  }

  /** The documents' BM25 index; asking a process that does not keep it is a programming error, so it throws. */
  get documents(): LiveTextIndex<DocumentMeta> {
    return this.keptIndex("documents");
  }

  /** The fact cards' BM25 index; throws where it is not kept, as `documents` does. */
  get factCards(): LiveTextIndex<FactCardMeta> {
    return this.keptIndex("factCards");
  }

  private keptIndex<K extends IndexName>(name: K): NonNullable<KeywordRuntime["kept"][K]> {
    const index = this.kept[name];
    if (!index) throw new Error(`the ${name} keyword index is not kept by this process (services/groups.ts)`);
    return index as NonNullable<KeywordRuntime["kept"][K]>;
  }

  /** The tables read, in INDEX_NAMES order (the BM25 indexes kept, and those read for the bridge alone). */
  get loaded(): IndexName[] {
    return INDEX_NAMES.filter((name) => this.tables.some(([n]) => n === name));
  }

  private get snapshotName(): string {
    return `keywords.${this.selectionName}.text`;
  }

  /** Before the first look: every table and the bridge from the saved snapshot, when there is one fit to load. */
  private restore() {
    this.restored = true;
    const place = this.snapshots;
    if (!place) return;
    const what = `keyword indexes (${this.selectionName})`;
    const state = loadKeywords(place, this.snapshotName, what, { kind: "keywords", selection: this.selectionName });
    if (!state) return;
    try {
      if (
        Object.keys(state.tables).sort().join() !==
        this.tables
          .map(([, i]) => i.table)
          .sort()
          .join()
      )
        throw new Error("it holds other tables");
      if ((state.bridge !== null) !== (this.bridge !== null)) throw new Error("it keeps the bridge differently");
      if (state.bridge) this.bridge!.restore(state.bridge);
      for (const [, index] of this.tables) index.restore(state.tables[index.table]! as TextIndexParts<never>);
      this.savedAt = this.changeCount();
      place.log.info(`${what}: loaded from ${place.file(this.snapshotName)}`);
    } catch (e) {
      // Whatever was restored is replaced by the full load each table now makes.
      for (const [, index] of this.tables) index.ready = false;
      place.rejected(this.snapshotName, what, (e as Error).message);
    }
  }

  private changeCount(): number {
    return this.tables.reduce((n, [, index]) => n + index.changes, 0);
  }

  /** Saves every table and the bridge, once every table has loaded and enough has changed since the last save. */
  private save() {
    const place = this.snapshots;
    if (!place || this.tables.some(([, index]) => !index.ready)) return;
    const changes = this.changeCount();
    const rows = this.tables.reduce((n, [, index]) => n + index.size, 0);
    if (this.savedAt >= 0 && changes - this.savedAt < Math.max(1000, rows / 10)) return;
    const tables: Record<string, TextIndexParts<unknown>> = {};
    for (const [, index] of this.tables) tables[index.table] = index.parts()!;
    const what = `keyword indexes (${this.selectionName})`;
    const header = { kind: "keywords", selection: this.selectionName };
    if (saveKeywords(place, this.snapshotName, what, header, { tables, bridge: this.bridge?.parts() ?? null }))
      this.savedAt = changes;
  }

  /** One look at each table; a failure is kept (see `problem`) and the other tables still refresh. */
  async refresh(): Promise<void> {
    if (!this.restored) this.restore();
    for (const [name, index] of this.tables) {
      try {
        await index.refresh();
        this.errors.delete(name);
      } catch (e) {
        this.errors.set(name, `${name} keyword index unavailable: ${(e as Error).message}`);
      }
    }
    this.save();
  }

  /** The first table not loaded yet (with its error, if any), or null when every one is. */
  notLoaded(): string | null {
    const [name] = this.tables.find(([, index]) => !index.ready) ?? [];
    if (!name) return null;
    return this.errors.get(name) ?? `${name} keyword index not loaded yet`;
  }

  /** Why the documents' keyword index cannot be searched, or null. */
  problem(): string | null {
    if (this.documents.ready) return null;
    return this.errors.get("documents") ?? "documents keyword index not loaded yet";
  }
}
