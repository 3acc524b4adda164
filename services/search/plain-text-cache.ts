/**
 * Plain texts of recently matched documents, by document id, so a document matched again is not stripped of its
 * markdown again (the largest part of a search's CPU). An entry is used only while the body it was made from is
 * the body read now (compared whole), so an edited document is made plain anew. Least recently used go first.
 */
import { plainBody, type PlainBody } from "./excerpt.js";

export interface PlainTextCache {
  plainOf(docId: string, body: string): PlainBody;
}

export function createPlainTextCache(maxEntries = 2048): PlainTextCache {
  const entries = new Map<string, { body: string; plain: PlainBody }>();
  return {
    plainOf(docId, body) {
      const hit = entries.get(docId);
      entries.delete(docId);
      const entry = hit && hit.body === body ? hit : { body, plain: plainBody(body) };
      entries.set(docId, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.plain;
    },
  };
}
