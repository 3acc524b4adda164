/** The bilingual bridge learns links from paired texts, forgets a row's pairs, and aligns bilingual documents. */
import { describe, expect, it } from "vitest";
import { alignedUnits, BilingualBridge } from "./bilingual-bridge.js";

const PAIRS: [string, string][] = [
  ["行业净息差为2.05%。", "The sector net interest margin was 2.05%."],
  ["星展银行的净息差收窄。", "DBS saw its net interest margin narrow."],
  ["大华银行的净息差企稳。", "UOB's net interest margin stabilised."],
  ["布伦特原油价格上涨。", "Brent crude prices rose."],
  ["布伦特原油维持在80美元。", "Brent crude held near 80 dollars."],
];

describe("the bilingual bridge", () => {
  it("links terms that keep occurring in the same pairs, in both directions", () => {
    const bridge = new BilingualBridge();
    PAIRS.forEach((p, i) => bridge.set(`card:${i}`, [p]));
    expect(bridge.units).toBe(5);
    expect(bridge.links("净息").map((l) => l.term)).toEqual(["interest", "margin", "net"]);
    expect(bridge.links("brent").map((l) => l.term)).toEqual(["伦特", "原油", "布伦"]);
    expect(bridge.links("dbs")).toEqual([]); // seen in one pair only
    const added = bridge
      .expand(["净息", "息差", "净"])
      .map((t) => t.term)
      .sort();
    expect(added).toEqual(["interest", "margin", "net"]);
  });

  it("forgets the pairs of a row that changed or went", () => {
    const bridge = new BilingualBridge();
    PAIRS.forEach((p, i) => bridge.set(`card:${i}`, [p]));
    expect(bridge.links("brent")).toHaveLength(3); // asked before the change, so kept until it
    bridge.set("card:3", []);
    bridge.set("card:4", [["天气", "weather"]]);
    expect(bridge.links("brent")).toEqual([]);
    expect(bridge.units).toBe(4);
    expect(bridge.links("weather")).toEqual([]); // one pair is not enough
    bridge.set("card:5", [["明日天气", "weather tomorrow"]]);
    expect(bridge.links("weather").map((l) => l.term)).toEqual(["天气"]);
  });

  it("aligns a bilingual document: lines holding both scripts, and a line followed by its translation", () => {
    const text =
      "# Net interest margins · 降息周期中的净息差\n\nMargins fell this quarter.\n\n本季度息差下滑。\n\n| 1.2 | 3.4 |\n\nOnly English here.";
    expect(alignedUnits(text)).toEqual([
      ["# Net interest margins · 降息周期中的净息差", ""],
      ["Margins fell this quarter.", "本季度息差下滑。"],
    ]);
  });
});
