/**
 * The plain text of each matched document, for its excerpt, kept by document id and the transaction that wrote the
 * version it was made from. The keyword index knows which version of every row it holds (its transaction), so a
 * document matched again while that version stands is answered from here, with no read of its body and no markdown
 * stripped again; any other version, and any document not kept, is read from search.documents in one query for all
 * of them. A document the read does not find was deleted since the index last looked: it has no text, and the
 * search leaves it out. Kept up to `maxChars` characters of plain text, least recently used out first.
 */
import type { DocumentStore } from "./document-store.js";
import { plainBody, type PlainBody } from "./excerpt.js";

export interface DocumentTexts {
  /** The plain text of each wanted document that exists, by id; `tx` is the version the index holds (if any). */
  textsOf(wanted: readonly { id: string; tx: string | undefined }[]): Promise<Map<string, PlainBody>>;
}

interface Entry {
  tx: string;
  plain: PlainBody;
}

export function createDocumentTexts(store: DocumentStore, maxChars = 16 * 1024 * 1024): DocumentTexts {
  const entries = new Map<string, Entry>();
  let chars = 0;
  const forget = (id: string) => {
    const old = entries.get(id);
    if (!old) return;
    entries.delete(id);
    chars -= old.plain.text.length;
  };
  const keep = (id: string, entry: Entry) => {
    forget(id);
    entries.set(id, entry);
    chars += entry.plain.text.length;
    while (chars > maxChars && entries.size > 1) forget(entries.keys().next().value!);
  };
  return {
    async textsOf(wanted) {
      const out = new Map<string, PlainBody>();
      const missing: string[] = [];
      for (const { id, tx } of wanted) {
        const hit = entries.get(id);
        if (hit && tx !== undefined && hit.tx === tx) {
          // Most recently used last.
          entries.delete(id);
          entries.set(id, hit);
          out.set(id, hit.plain);
        } else missing.push(id);
      }
      if (missing.length === 0) return out;
      for (const row of await store.bodiesOf(missing)) {
        const entry = { tx: row.tx, plain: plainBody(row.body) };
        keep(row.doc_id, entry);
        out.set(row.doc_id, entry.plain);
      }
      return out;
    },
  };
}
