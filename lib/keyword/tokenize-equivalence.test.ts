/**
 * The scanner finds exactly the tokens the regular expression it replaced found (test/helpers/regex-tokenize.ts):
 * the same terms, offsets, exact forms and code flags, in the same order, on the demo archive's notes and on
 * generated strings that mix the characters each rule turns on (joiners, digit-group commas, a closing "+", CJK
 * runs and the prolonged sound mark, accented and astral letters, lone surrogates).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateArchiveOnly } from "../../demo-data/index.js";
import { regexTokenize } from "../../test/helpers/regex-tokenize.js";
import { tokenize } from "./tokenize.js";

const PIECES = [
  ..."abcXYZ019 ",
  ".",
  "/",
  "-",
  "&",
  "$",
  "'",
  "’",
  ",",
  "+",
  "_",
  ";",
  "\n",
  ",000",
  ",5000",
  "1,234",
  "USD",
  "OPEC+",
  "S-REIT",
  "CoWoS",
  "the",
  "banking",
  "é",
  "ß",
  "İ",
  "ﬁ",
  "Ⅻ",
  "٣",
  "净息差",
  "银行",
  "的",
  "中的",
  "カタカナ",
  "ー",
  "ｶﾀｶﾅ",
  "한국어",
  "々",
  "⺀",
  "𠀀",
  "𝐀𝐁",
  "\ud800",
  "\udc00",
  "😀",
  "，",
  "　",
];

describe("the scanner tokenizer", () => {
  it("matches the regular expression on every note of a demo archive", () => {
    const data = generateArchiveOnly({ seed: 7, scale: 1, asOf: Date.UTC(2026, 10, 21) }, 400);
    const docs = data.rows("search.documents") as { title: string; body: string }[];
    for (const d of docs) {
      const text = `${d.title}\n\n${d.body}`;
      expect(tokenize(text)).toStrictEqual(regexTokenize(text));
    }
  });

  it("matches the regular expression on generated mixtures", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(tokenize(text)).toStrictEqual(regexTokenize(text));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        expect(tokenize(text)).toStrictEqual(regexTokenize(text));
      }),
      { numRuns: 3000 },
    );
  });
});
