/**
 * Why a match matched, shown in its excerpt: the spans of the excerpt whose index terms are among the query's
 * terms (typed, or added by the bilingual bridge). Overlapping spans (a compound and its parts, a Chinese word
 * and its character pairs) merge into one. Offsets are Unicode code points of the excerpt, as the service counts
 * characters everywhere; `term` is the longest index term inside the span.
 */
import { tokenize } from "../../lib/keyword/tokenize.js";

export interface Highlight {
  start: number;
  end: number;
  term: string;
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

export function highlightsOf(excerpt: string | null, matched: ReadonlySet<string>): Highlight[] {
  if (excerpt === null || matched.size === 0) return [];
  const spans = tokenize(excerpt)
    .filter((t) => matched.has(t.term) || (t.exact !== undefined && matched.has(t.exact)))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number; term: string }[] = [];
  for (const t of spans) {
    const term = matched.has(t.term) ? t.term : t.exact!;
    const last = merged[merged.length - 1];
    if (last && t.start < last.end) {
      last.end = Math.max(last.end, t.end);
      if ([...term].length > [...last.term].length) last.term = term;
    } else merged.push({ start: t.start, end: t.end, term });
  }
  const cp = codePointIndex(excerpt);
  return merged.map((s) => ({ start: cp[s.start]!, end: cp[s.end]!, term: s.term }));
}
