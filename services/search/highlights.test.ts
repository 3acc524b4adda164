import { describe, expect, it } from "vitest";
import { tokenize } from "../../lib/keyword/tokenize.js";
import { highlightsOf, type Highlight } from "./highlights.js";

/** The definition, as it read before excerpts' tokens were kept: tokenize, keep the named, sort, merge, map offsets. */
function reference(excerpt: string, matched: ReadonlySet<string>): Highlight[] {
  const spans = tokenize(excerpt)
    .filter((t) => matched.has(t.term) || (t.exact !== undefined && matched.has(t.exact)))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Highlight[] = [];
  for (const t of spans) {
    const term = matched.has(t.term) ? t.term : t.exact!;
    const last = merged[merged.length - 1];
    if (last && t.start < last.end) {
      last.end = Math.max(last.end, t.end);
      if ([...term].length > [...last.term].length) last.term = term;
    } else merged.push({ start: t.start, end: t.end, term });
  }
  const cp = (i: number) => [...excerpt.slice(0, i)].length;
  return merged.map((s) => ({ start: cp(s.start), end: cp(s.end), term: s.term }));
}

const EXCERPTS = [
  "…The Federal Reserve's rate cuts flattened the Treasury yield curve as bond yields fell after weak payrolls.…",
  "USD/SGD and OPEC+ moved; S-REIT yields at 3.5 and 76,500 tonnes; DBS and dbs, CoWoS, HBM3E.",
  "美联储降息与收益率曲线：净息差收窄，银行股承压。Rates fell 😀 then 𠀀𠀁 rose, 净息差 again.",
  "Chart of the week — Gold as a hedge for fiscal risk: the case for patience, hedging and hedges.",
  "e-commerce e-commerce’s rock’n’roll AT&T A.B.C. $100 1,000,000 x-y-z 🇸🇬 Singapore’s 銀行",
];

/** Every subset-ish selection of an excerpt's own terms and exact forms, plus terms it does not hold. */
function selections(excerpt: string, seed: number): Set<string>[] {
  const words = tokenize(excerpt).flatMap((t) => (t.exact ? [t.term, t.exact] : [t.term]));
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out = [new Set(words), new Set(["absent", "不在"]), new Set<string>()];
  for (let i = 0; i < 40; i++) out.push(new Set([...words.filter(() => next() < 0.3), "absent"]));
  return out;
}

describe("highlightsOf", () => {
  it("marks the same spans as the definition, first and again (its tokens then kept), in code points", () => {
    let compared = 0;
    for (const [i, excerpt] of EXCERPTS.entries())
      for (const matched of selections(excerpt, i + 1)) {
        const want = reference(excerpt, matched);
        expect(highlightsOf(excerpt, matched)).toEqual(want);
        expect(highlightsOf(excerpt, matched)).toEqual(want);
        compared++;
      }
    expect(compared).toBe(EXCERPTS.length * 43);
  });

  it("counts offsets in code points past characters outside the BMP", () => {
    const excerpt = "😀😀 rates";
    expect(highlightsOf(excerpt, new Set(["rate"]))).toEqual([{ start: 3, end: 8, term: "rate" }]);
  });

  it("merges a compound with its parts into one span named by its longest term", () => {
    expect(highlightsOf("the USD/SGD pair", new Set(["usd", "usd/sgd"]))).toEqual([
      { start: 4, end: 11, term: "usd/sgd" },
    ]);
  });

  it("answers nothing without an excerpt or terms, and leaves what it returned to the caller", () => {
    expect(highlightsOf(null, new Set(["rate"]))).toEqual([]);
    expect(highlightsOf("rates", new Set())).toEqual([]);
    const first = highlightsOf("rates rise", new Set(["rate"]));
    first[0]!.end = 99;
    expect(highlightsOf("rates rise", new Set(["rate"]))).toEqual([{ start: 0, end: 5, term: "rate" }]);
  });
});
