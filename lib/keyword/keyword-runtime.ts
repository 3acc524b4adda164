/**
 * The keyword side of search, beside the vector runtime: a BM25 index over archived documents and one over fact
 * cards, both fed to one bilingual bridge, loaded at start and refreshed on the vector runtime's schedule. It
 * reads with the SELECT-only pool and needs no embedder.
 */
import type pg from "pg";
import { alignedUnits, BilingualBridge } from "./bilingual-bridge.js";
import { LiveTextIndex, type TextSource } from "./live-text-index.js";

export type DocumentLang = "en" | "zh" | "plain";
/** A document's group in the BM25 index is its language's place here, so a search can filter on language cheaply. */
export const LANG_GROUPS: readonly DocumentLang[] = ["plain", "en", "zh"];

/** What search filters a document by, held in memory beside its postings. */
export interface DocumentMeta {
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
  readonly bridge = new BilingualBridge();
  readonly documents: LiveTextIndex<DocumentMeta>;
  readonly factCards: LiveTextIndex<FactCardMeta>;
  private readonly errors = new Map<string, string>();

  constructor(db: pg.Pool) {
    this.documents = new LiveTextIndex(db, documentsSource, this.bridge);
    this.factCards = new LiveTextIndex(db, factCardsSource, this.bridge);
  }

  /** One look at both tables; a failure is kept (see `problem`) and the other index still refreshes. */
  async refresh(): Promise<void> {
    for (const [name, index] of [
      ["documents", this.documents],
      ["factCards", this.factCards],
    ] as const) {
      try {
        await index.refresh();
        this.errors.delete(name);
      } catch (e) {
        this.errors.set(name, `${name} keyword index unavailable: ${(e as Error).message}`);
      }
    }
  }

  /** Why the documents' keyword index cannot be searched, or null. */
  problem(): string | null {
    if (this.documents.ready) return null;
    return this.errors.get("documents") ?? "documents keyword index not loaded yet";
  }
}
