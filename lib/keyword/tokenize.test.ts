/** What the keyword index sees in a text: segmentation of mixed Chinese and English, exact codes, stems. */
import { describe, expect, it } from "vitest";
import { porterStem } from "./porter-stemmer.js";
import { terms, tokenize } from "./tokenize.js";

describe("tokenize", () => {
  it("segments mixed Chinese and English, with pairs of unknown single characters, offsets into the text", () => {
    expect(tokenize("银行 净息差 and DBS")).toEqual([
      { term: "银行", start: 0, end: 2 },
      { term: "净", start: 3, end: 4 },
      { term: "息", start: 4, end: 5 },
      { term: "净息", start: 3, end: 5 },
      { term: "差", start: 5, end: 6 },
      { term: "息差", start: 4, end: 6 },
      { term: "dbs", start: 11, end: 14, code: true },
    ]);
    expect(terms("HBM供给持续紧张，SK海力士转产")).toEqual([
      "hbm",
      "供给",
      "持续",
      "紧张",
      "sk",
      "海",
      "力士",
      "转",
      "产",
      "转产",
    ]);
  });

  it("keeps tickers, numbers and codes exact, and their parts findable", () => {
    expect(terms("USD/SGD at 1.3185; OPEC+ cut 76,500 t; S-REIT CoWoS HBM3E")).toEqual([
      "usd/sgd",
      "usd",
      "sgd",
      "1.3185",
      "opec+",
      "opec",
      "cut",
      "76,500",
      "76500",
      "s-reit",
      "reit",
      "cowos",
      "hbm3e",
    ]);
    expect(tokenize("DBS")[0]).toEqual({ term: "dbs", start: 0, end: 3, code: true });
    // A lowercase word is stemmed, but keeps its exact form for a query to fall back on.
    expect(tokenize("dbs")[0]).toEqual({ term: "db", start: 0, end: 3, exact: "dbs" });
  });

  it("case-folds (NFKC too) and stems Latin words, dropping stop words and lone letters", () => {
    expect(terms("The Net Interest Margins of a bank are falling")).toEqual([
      "net",
      "interest",
      "margin",
      "bank",
      "fall",
    ]);
    expect(terms("ＤＢＳ Ｒａｔｅｓ")).toEqual(["dbs", "rate"]);
  });

  it("drops Chinese particles and never pairs across them", () => {
    expect(terms("息与差")).toEqual(["息", "差"]);
  });
});

describe("the Porter stemmer", () => {
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["cats", "cat"],
    ["agreed", "agre"],
    ["hopping", "hop"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["generalization", "gener"],
    ["adjustment", "adjust"],
    ["margins", "margin"],
    ["rates", "rate"],
    ["controlling", "control"],
  ])("stems %s to %s", (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });
});
