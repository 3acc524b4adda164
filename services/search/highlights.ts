/**
 * Why a match matched, shown in its excerpt: the spans of the excerpt whose index terms are among the query's
 * terms (typed, or added by the bilingual bridge). Overlapping spans (a compound and its parts, a Chinese word
 * and its character pairs) merge into one. Offsets are Unicode code points of the excerpt, as the service counts
 * characters everywhere; `term` is the longest index term inside the span.
 *
 * An excerpt's tokens do not depend on the query, and the same excerpts come back search after search (a document's
 * opening, or the passage around a word it is often found by), so each excerpt is tokenized once and its tokens
 * kept as the tokenizer gives them. A search keeps those its terms name (a few of an excerpt's eighty or so), and
 * only those are sorted, merged and given code point offsets: an excerpt not seen before costs its tokenizing and
 * little more. At most EXCERPTS_KEPT excerpts are kept, least recently used out first.
 */
import { tokenize, type Token } from "../../lib/keyword/tokenize.js";

export interface Highlight {
  start: number;
  end: number;
  term: string;
}

interface KeptExcerpt {
  excerpt: string;
  tokens: readonly Token[];
  /** The code point offset of each UTF-16 index; null when the two are the same (no surrogate pair). */
  codePoints: Int32Array | null;
}

const EXCERPTS_KEPT = 2048;
/** By excerpt; each entry holds the key it was first kept under (see keptOf). */
const kept = new Map<string, KeptExcerpt>();

/** How many code points `s` holds (`[...s].length` without the array): its UTF-16 length less each pair's second half. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 1; i < s.length; i++)
    if ((s.charCodeAt(i) & 0xfc00) === 0xdc00 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800) n--;
  return n;
}

/** The code point offset of each UTF-16 index of `text`; null when the two are the same. */
function codePointIndex(text: string): Int32Array | null {
  let map: Int32Array | null = null;
  let cp = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const paired = unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (paired && !map) {
      map = new Int32Array(text.length + 1);
      for (let j = 0; j <= i; j++) map[j] = j;
    }
    if (map) map[i] = cp;
    if (!paired) cp++;
  }
  if (map) map[text.length] = cp;
  return map;
}

/** The excerpt's tokens as the tokenizer gives them, and its code point offsets, kept. */
function keptOf(excerpt: string): KeptExcerpt {
  const hit = kept.get(excerpt);
  if (hit !== undefined) {
    // Moved to the end under the key it was kept by: keyed by this call's equal string instead, every search would
    // hand its excerpts to the long-lived map, and each would die in the old generation when the next replaced it.
    kept.delete(excerpt);
    kept.set(hit.excerpt, hit);
    return hit;
  }
  const entry = { excerpt, tokens: tokenize(excerpt), codePoints: codePointIndex(excerpt) };
  if (kept.size >= EXCERPTS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(excerpt, entry);
  return entry;
}

export function highlightsOf(excerpt: string | null, matched: ReadonlySet<string>): Highlight[] {
  if (excerpt === null || matched.size === 0) return [];
  // Only the named tokens are sorted (by start, the longest first among those starting together): a stable sort, so
  // the same order as sorting every token and keeping the named.
  const { tokens, codePoints: cp } = keptOf(excerpt);
  const named: Highlight[] = [];
  for (const t of tokens) {
    const term = matched.has(t.term) ? t.term : t.exact !== undefined && matched.has(t.exact) ? t.exact : null;
    if (term !== null) named.push({ start: t.start, end: t.end, term });
  }
  if (named.length === 0) return [];
  named.sort((a, b) => a.start - b.start || b.end - a.end);
  // Spans are merged in UTF-16 units: tokens begin and end on code point boundaries, where the map to code points is
  // strictly increasing, so every overlap is the same in either unit.
  const merged: Highlight[] = [];
  let lastChars = 0;
  for (const t of named) {
    const chars = codePoints(t.term);
    const last = merged[merged.length - 1];
    if (last && t.start < last.end) {
      last.end = Math.max(last.end, t.end);
      if (chars > lastChars) {
        last.term = t.term;
        lastChars = chars;
      }
    } else {
      merged.push(t);
      lastChars = chars;
    }
  }
  if (cp)
    for (const h of merged) {
      h.start = cp[h.start]!;
      h.end = cp[h.end]!;
    }
  return merged;
}
