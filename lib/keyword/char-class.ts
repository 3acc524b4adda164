/**
 * What the tokenizer's scanner (tokenize.ts) needs to know of a code point: whether it belongs to a CJK run (Han,
 * Hiragana, Katakana, Hangul), to a word (a letter or digit of any other script), both (U+30FC, the prolonged sound
 * mark, a letter of the Common script that Japanese runs carry), or neither. Unicode properties are asked of each
 * code point once, through a regular expression, and remembered: ASCII is filled in at load, the rest of the BMP
 * in a table of 64 KiB, the astral planes in a map.
 */
export const OTHER = 1;
export const WORD = 2;
export const CJK = 3;
/** U+30FC: starts or continues a CJK run, and continues a word. */
export const MARK = 4;

const CJK_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

function classify(cp: number): number {
  if (cp === 0x30fc) return MARK;
  const ch = String.fromCodePoint(cp);
  if (CJK_CHAR.test(ch)) return CJK;
  return LETTER_OR_DIGIT.test(ch) ? WORD : OTHER;
}

const bmp = new Uint8Array(0x10000);
for (let cp = 0; cp < 0x80; cp++) bmp[cp] = classify(cp);
const astral = new Map<number, number>();

export function classOf(cp: number): number {
  if (cp < 0x10000) {
    const known = bmp[cp]!;
    return known === 0 ? (bmp[cp] = classify(cp)) : known;
  }
  let known = astral.get(cp);
  if (known === undefined) astral.set(cp, (known = classify(cp)));
  return known;
}

/** `\w` of a regular expression: [A-Za-z0-9_] (NaN, past the end of a string, is not). */
export const isAsciiWordChar = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
