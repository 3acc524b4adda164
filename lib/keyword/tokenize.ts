/**
 * Text to index terms, with where each came from, for the keyword index, its queries and the highlights:
 *
 * - Chinese, Japanese and Korean runs are cut into words by `Intl.Segmenter` (Node's ICU dictionary). A word the
 *   dictionary does not know comes out as single characters ("净息差" → 净|息|差), so each pair of adjacent
 *   single characters is also a term (净息, 息差): a query of the same unknown word then matches it as a phrase.
 * - Latin words are NFKC-folded, lowercased and stemmed (Porter), after a short stop list.
 * - Tickers, numbers and codes stay exact: a word with a digit, or with a capital past its first letter (DBS, UOB,
 *   CoWoS, HBM3E), is not stemmed; a compound (USD/SGD, OPEC+, S-REIT, 3.5, 76,500) is one term, and its parts
 *   are terms too, so "USD" finds "USD/SGD".
 *
 * Offsets are UTF-16 indices into the text given (each token is matched on the original text and folded alone,
 * so folding never shifts an offset).
 *
 * The text is read by a scanner over code points, each classed once (char-class.ts): a CJK run, or a word or
 * compound (letters and digits joined by . / - & $ ' ’ or a digit-group comma, with an optional closing "+", OPEC+).
 * It finds exactly the tokens one regular expression over Unicode properties found (test/helpers/regex-tokenize.ts
 * is that expression, and lib/keyword/tokenize-equivalence.test.ts compares them), at a fraction of the cost: a
 * search tokenizes its query and every excerpt it highlights, and a start tokenizes the whole archive.
 */
import { CJK, classOf, isAsciiWordChar, MARK, WORD } from "./char-class.js";
import { porterStem } from "./porter-stemmer.js";

export interface Token {
  term: string;
  start: number;
  end: number;
  /** A stemmed word's unstemmed (folded) form: a query typed in lowercase ("dbs") finds the exact term "dbs". */
  exact?: string;
  /** A ticker, number or code, kept exact (DBS, 3.5, USD/SGD). */
  code?: true;
}

const NUMBER = /^\d+(?:[.,]\d+)*$/;

/** Words too common to be worth a posting list; they never decide a ranking. */
const STOP = new Set(
  "a an and are as at be been but by for from has have in into is it its of on or our that the their this to was we were will with which would".split(
    " ",
  ),
);
const CJK_STOP = new Set(["的", "了", "和", "与", "在", "是", "及", "对", "将", "为", "中的", "之"]);

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

const fold = (s: string) => s.normalize("NFKC").toLowerCase();

/** A code keeps its exact form: digits, or capitals past the first letter. */
const isCode = (raw: string) => /\p{N}/u.test(raw) || /^.\p{L}*\p{Lu}/u.test(raw) || /\p{Lu}.*\p{Lu}/u.test(raw);

/** A word's analysis: its term (null: a stop word or a lone letter), its folded form when that differs, whether a code. */
interface Word {
  term: string | null;
  exact: string | undefined;
  code: boolean;
}

/**
 * Words and CJK runs recur constantly, so their analysis is memoised; the tables are dropped whole when they
 * grow past their bound (a bound on memory, not an eviction policy worth more code), and by `forgetTokenCaches`
 * once a whole archive has been read.
 */
const WORDS_MAX = 200_000;
const RUNS_MAX = 20_000;
const wordCache = new Map<string, Word>();
const runCache = new Map<string, Token[]>();

function remember<V>(cache: Map<string, V>, max: number, key: string, value: V): V {
  if (cache.size >= max) cache.clear();
  cache.set(key, value);
  return value;
}

/** Drops the memoised words and runs (after a full load, so they do not outlive it). */
export function forgetTokenCaches(): void {
  wordCache.clear();
  runCache.clear();
}

function word(raw: string): Word {
  const hit = wordCache.get(raw);
  if (hit !== undefined) return hit;
  const folded = fold(raw);
  const code = isCode(raw);
  let term: string | null;
  if (STOP.has(folded)) term = null;
  else if (code) term = folded;
  else if ([...folded].length < 2) term = null;
  else term = /^[a-z]+$/.test(folded) ? porterStem(folded) : folded;
  return remember(wordCache, WORDS_MAX, raw, {
    term,
    exact: term !== null && term !== folded ? folded : undefined,
    code,
  });
}

/** One Latin word's term, or null when it is a stop word or a lone letter. */
export function wordTerm(raw: string): string | null {
  return word(raw).term;
}

function push(out: Token[], term: string, start: number, end: number, exact: string | undefined) {
  out.push(exact === undefined ? { term, start, end } : { term, start, end, exact });
}

/** A word or compound, `parts` holding each run of letters and digits as [start, end) pairs. */
function latin(text: string, start: number, end: number, parts: number[], out: Token[]) {
  const raw = text.slice(start, end);
  if (parts.length === 2 && text.charCodeAt(end - 1) !== 0x2b) {
    const w = word(raw);
    if (w.term === null) return;
    if (w.code) out.push({ term: w.term, start, end, code: true });
    else push(out, w.term, start, end, w.exact);
    return;
  }
  out.push({ term: fold(raw).replace(/’/g, "'"), start, end, code: true });
  if (NUMBER.test(raw)) {
    if (raw.includes(",")) out.push({ term: raw.replace(/,/g, ""), start, end, code: true });
    return;
  }
  for (let p = 0; p < parts.length; p += 2) {
    const w = word(text.slice(parts[p]!, parts[p + 1]!));
    if (w.term !== null) push(out, w.term, parts[p]!, parts[p + 1]!, w.exact);
  }
}

/** A CJK run's tokens with offsets from the run's start (memoised: runs recur). */
function segmentRun(run: string): Token[] {
  const hit = runCache.get(run);
  if (hit) return hit;
  const out: Token[] = [];
  let single: Token | null = null;
  for (const s of segmenter.segment(run)) {
    if (!s.isWordLike) {
      single = null;
      continue;
    }
    const token = { term: fold(s.segment), start: s.index, end: s.index + s.segment.length };
    if (CJK_STOP.has(token.term)) {
      single = null;
      continue;
    }
    out.push(token);
    const isSingle = [...s.segment].length === 1;
    if (isSingle && single) out.push({ term: single.term + token.term, start: single.start, end: token.end });
    single = isSingle ? token : null;
  }
  return remember(runCache, RUNS_MAX, run, out);
}

/** The class of the code point at `i`, and its width in UTF-16 units, packed (class << 1 | width - 1). */
function at(text: string, i: number): number {
  const cp = text.codePointAt(i)!;
  return (classOf(cp) << 1) | (cp > 0xffff ? 1 : 0);
}

/** The end of the run of word characters (letters and digits outside the CJK scripts) starting at `i`. */
function wordEnd(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = at(text, i);
    const cls = c >> 1;
    if (cls !== WORD && cls !== MARK) break;
    i += (c & 1) + 1;
  }
  return i;
}

const isWordStart = (text: string, i: number) => {
  if (i >= text.length) return false;
  const cls = at(text, i) >> 1;
  return cls === WORD || cls === MARK;
};

/** Joiners inside a compound: . / - & $ ' ’ */
const isJoiner = (c: number) =>
  c === 0x2e || c === 0x2f || c === 0x2d || c === 0x26 || c === 0x24 || c === 0x27 || c === 0x2019;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** A digit-group comma: three ASCII digits follow it, then no ASCII word character. */
function groupsDigits(text: string, comma: number): boolean {
  return (
    isDigit(text.charCodeAt(comma + 1)) &&
    isDigit(text.charCodeAt(comma + 2)) &&
    isDigit(text.charCodeAt(comma + 3)) &&
    !isAsciiWordChar(text.charCodeAt(comma + 4))
  );
}

/** Every term of `text`, in order of appearance (a compound's whole before its parts). */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = at(text, i);
    const cls = c >> 1;
    if (cls === CJK || cls === MARK) {
      let j = i + (c & 1) + 1;
      while (j < n) {
        const d = at(text, j);
        if (d >> 1 !== CJK && d >> 1 !== MARK) break;
        j += (d & 1) + 1;
      }
      for (const t of segmentRun(text.slice(i, j))) out.push({ term: t.term, start: i + t.start, end: i + t.end });
      i = j;
    } else if (cls === WORD) {
      let j = wordEnd(text, i);
      const parts = [i, j];
      for (;;) {
        const joiner = text.charCodeAt(j);
        if (!((isJoiner(joiner) && isWordStart(text, j + 1)) || (joiner === 0x2c && groupsDigits(text, j)))) break;
        const end = wordEnd(text, j + 1);
        parts.push(j + 1, end);
        j = end;
      }
      if (text.charCodeAt(j) === 0x2b) j++;
      latin(text, i, j, parts, out);
      i = j;
    } else i += (c & 1) + 1;
  }
  return out;
}

/** Just the terms (indexing needs no offsets). */
export function terms(text: string): string[] {
  return tokenize(text).map((t) => t.term);
}
