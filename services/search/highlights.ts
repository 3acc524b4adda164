/**
 * Why a match matched, shown in its excerpt: the spans of the excerpt whose index terms are among the query's
 * terms (typed, or added by the bilingual bridge). Overlapping spans (a compound and its parts, a Chinese word
 * and its character pairs) merge into one. Offsets are Unicode code points of the excerpt, as the service counts
 * characters everywhere; `term` is the longest index term inside the span.
 *
 * An excerpt's tokens do not depend on the query, and the same excerpts come back search after search (a document's
 * opening, or the passage around a word it is often found by), so each excerpt is tokenized once: its tokens are
 * kept in the order the spans merge in, with their offsets already in code points, and a search only picks the
 * ones its terms name. At most EXCERPTS_KEPT excerpts are kept (about 2.5 KB each), least recently used out first.
 */
import { tokenize } from "../../lib/keyword/tokenize.js";

export interface Highlight {
  start: number;
  end: number;
  term: string;
}

/** One token of an excerpt, as the highlights read it. */
interface ExcerptToken {
  /** Code point offsets in the excerpt. */
  start: number;
  end: number;
  term: string;
  termChars: number;
  exact: string | undefined;
  exactChars: number;
}

const EXCERPTS_KEPT = 2048;
/** By excerpt; each entry holds the key it was first kept under (see tokensOf). */
const kept = new Map<string, { excerpt: string; tokens: readonly ExcerptToken[] }>();

/** How many code points `s` holds (`[...s].length` without the array): its UTF-16 length less each pair's second half. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 1; i < s.length; i++)
    if ((s.charCodeAt(i) & 0xfc00) === 0xdc00 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800) n--;
  return n;
}

/** UTF-16 index → code point index, for every index of `text`. */
function codePointIndex(text: string): Int32Array {
  const map = new Int32Array(text.length + 1);
  let cp = 0;
  for (let i = 0; i < text.length; i++) {
    map[i] = cp;
    const unit = text.charCodeAt(i);
    if (!(unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00)) cp++;
  }
  map[text.length] = cp;
  return map;
}

/**
 * The excerpt's tokens by start, the longest first among those starting together. Tokens begin and end on code
 * point boundaries, where the UTF-16 → code point map is strictly increasing, so this order and every overlap
 * between spans are the same in either unit.
 */
function tokensOf(excerpt: string): readonly ExcerptToken[] {
  const hit = kept.get(excerpt);
  if (hit !== undefined) {
    // Moved to the end under the key it was kept by: keyed by this call's equal string instead, every search would
    // hand its excerpts to the long-lived map, and each would die in the old generation when the next replaced it.
    kept.delete(excerpt);
    kept.set(hit.excerpt, hit);
    return hit.tokens;
  }
  const cp = codePointIndex(excerpt);
  const tokens = tokenize(excerpt)
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .map((t) => ({
      start: cp[t.start]!,
      end: cp[t.end]!,
      term: t.term,
      termChars: codePoints(t.term),
      exact: t.exact,
      exactChars: t.exact === undefined ? 0 : codePoints(t.exact),
    }));
  if (kept.size >= EXCERPTS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(excerpt, { excerpt, tokens });
  return tokens;
}

export function highlightsOf(excerpt: string | null, matched: ReadonlySet<string>): Highlight[] {
  if (excerpt === null || matched.size === 0) return [];
  const merged: Highlight[] = [];
  let lastChars = 0;
  for (const t of tokensOf(excerpt)) {
    let term: string;
    let chars: number;
    if (matched.has(t.term)) {
      term = t.term;
      chars = t.termChars;
    } else if (t.exact !== undefined && matched.has(t.exact)) {
      term = t.exact;
      chars = t.exactChars;
    } else continue;
    const last = merged[merged.length - 1];
    if (last && t.start < last.end) {
      last.end = Math.max(last.end, t.end);
      if (chars > lastChars) {
        last.term = term;
        lastChars = chars;
      }
    } else {
      merged.push({ start: t.start, end: t.end, term });
      lastChars = chars;
    }
  }
  return merged;
}
