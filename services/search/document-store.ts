/**
 * The search service's reads of search.documents (SELECT-only pool): the rows of the matches it answers with, or
 * only their bodies and versions when the keyword index already holds the rest (document-texts.ts); and the
 * documents withdrawn now, read for every search (searches asking at once share a read sent after they asked:
 * lib/db/read-sent-after-asking.ts).
 */
import type { Pool } from "../../lib/db/pool.js";
import { readSentAfterAsking } from "../../lib/db/read-sent-after-asking.js";

export interface DocumentRow {
  doc_id: string;
  session_id: string | null;
  path: string | null;
  title: string | null;
  body: string;
  archived_at: number | null;
}

/** Excerpts are cut from the opening of the body; more than this is never read. */
const BODY_READ_CHARS = 20_000;

export interface DocumentBody {
  doc_id: string;
  /** The transaction that last wrote the row's searchable fields. */
  tx: string;
  body: string;
}

export interface DocumentStore {
  byIds(ids: readonly string[]): Promise<Map<string, DocumentRow>>;
  bodiesOf(ids: readonly string[]): Promise<DocumentBody[]>;
  /**
   * The documents withdrawn now (docs/lifecycle.md): no answer may name them. Read after the call, so it holds every
   * withdrawal committed before; shared with the calls made meanwhile, so not to be changed.
   */
  withdrawn(): Promise<ReadonlySet<string>>;
}

export function createDocumentStore(db: Pool): DocumentStore {
  const withdrawn = readSentAfterAsking(async () => {
    const { rows } = await db.query<{ item_id: string }>({
      name: "search-withdrawn",
      text: "SELECT item_id FROM search.withdrawn WHERE kind = 'search-documents'",
    });
    return new Set(rows.map((r) => r.item_id));
  });
  return {
    withdrawn,
    async byIds(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<DocumentRow>(
        `SELECT doc_id, session_id, path, title, left(body, ${BODY_READ_CHARS}) AS body, archived_at
         FROM search.documents WHERE doc_id = ANY($1::text[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.doc_id, r]));
    },
    async bodiesOf(ids) {
      if (ids.length === 0) return [];
      const { rows } = await db.query<DocumentBody>({
        name: "search-document-bodies",
        text: `SELECT doc_id, tx::text AS tx, left(body, ${BODY_READ_CHARS}) AS body FROM search.documents WHERE doc_id = ANY($1::text[])`,
        values: [ids],
      });
      return rows;
    },
  };
}
