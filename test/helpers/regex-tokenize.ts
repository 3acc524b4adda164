/**
 * The keyword tokenizer as one regular expression, as lib/keyword/tokenize.ts was written before its scanner: kept
 * as the oracle the scanner is compared with (lib/keyword/tokenize-equivalence.test.ts), token for token.
 */
import { porterStem } from "../../lib/keyword/porter-stemmer.js";

interface Token {
  term: string;
  start: number;
  end: number;
  /** A stemmed word's unstemmed (folded) form: a query typed in lowercase ("dbs") finds the exact term "dbs". */
  exact?: string;
  /** A ticker, number or code, kept exact (DBS, 3.5, USD/SGD). */
  code?: true;
}

/**
 * One pass over the text: a CJK run (group 1), or a non-CJK word or compound (group 2): letters and digits
 * joined by . / - + & $ ' or a digit-group comma, with an optional closing "+" (OPEC+).
 */
const CJK_CLASS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}";
/** Letters and digits of any script but the CJK ones (a v-flag set difference; built from a string for tsc's target). */
const WORD_CHAR = `[[\\p{L}\\p{N}]--[${CJK_CLASS}]]`;
const TOKEN = new RegExp(
  `([${CJK_CLASS}\\u30fc]+)|(${WORD_CHAR}+(?:(?:[.\\/\\-\\&$'’]|,(?=\\d{3}\\b))${WORD_CHAR}+)*\\+?)`,
  "gv",
);
const PART = /[\p{L}\p{N}]+/gu;
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

/**
 * Words and CJK runs recur constantly, so their analysis is memoised; the tables are dropped whole when they
 * grow past CACHE_MAX entries (a bound on memory, not an eviction policy worth more code).
 */
const CACHE_MAX = 200_000;
const wordCache = new Map<string, string | null>();
const runCache = new Map<string, Token[]>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
  return value;
}

/** One Latin word's term, or null when it is a stop word or a lone letter. */
function wordTerm(raw: string): string | null {
  const hit = wordCache.get(raw);
  if (hit !== undefined) return hit;
  const folded = fold(raw);
  let term: string | null;
  if (STOP.has(folded)) term = null;
  else if (isCode(raw)) term = folded;
  else if ([...folded].length < 2) term = null;
  else term = /^[a-z]+$/.test(folded) ? porterStem(folded) : folded;
  return remember(wordCache, raw, term);
}

function withExact(token: Token, raw: string): Token {
  const folded = fold(raw);
  return folded === token.term ? token : { ...token, exact: folded };
}

function latin(raw: string, start: number, out: Token[]) {
  const parts = [...raw.matchAll(PART)];
  if (parts.length === 1 && !raw.endsWith("+")) {
    const term = wordTerm(raw);
    if (term)
      out.push(
        isCode(raw)
          ? { term, start, end: start + raw.length, code: true }
          : withExact({ term, start, end: start + raw.length }, raw),
      );
    return;
  }
  out.push({ term: fold(raw).replace(/’/g, "'"), start, end: start + raw.length, code: true });
  if (NUMBER.test(raw)) {
    if (raw.includes(",")) out.push({ term: raw.replace(/,/g, ""), start, end: start + raw.length, code: true });
    return;
  }
  for (const p of parts) {
    const term = wordTerm(p[0]);
    if (term) out.push(withExact({ term, start: start + p.index!, end: start + p.index! + p[0].length }, p[0]));
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
  return remember(runCache, run, out);
}

/** Every term of `text`, in order of appearance (a compound's whole before its parts). */
export function regexTokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[1] !== undefined) {
      for (const t of segmentRun(m[1])) out.push({ term: t.term, start: m.index + t.start, end: m.index + t.end });
    } else latin(m[0], m.index, out);
  }
  return out;
}
