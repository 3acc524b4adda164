/** Checkable claims by category, as English/Chinese pairs, and what a fact check found for each verdict. */
import type { Random } from "./random.js";
import { formatNumber, inline, reading, sentence, valueText, type Topic } from "./text.js";
import { pair, type Pair } from "./topic-types.js";

export const CLAIM_CATEGORIES = [
  "comparison",
  "date",
  "financial",
  "geographic",
  "named_entity",
  "numerical",
  "prose",
  "spec",
] as const;
export type ClaimCategory = (typeof CLAIM_CATEGORIES)[number];
export const VERDICTS = ["verified", "disputed", "uncertain", "unverifiable"] as const;
export type Verdict = (typeof VERDICTS)[number];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const QUARTERS = ["2025", "2026", "2027"].flatMap((y) => ["Q1", "Q2", "Q3", "Q4"].map((q) => `${q} ${y}`));
const RANKS: Pair[] = [
  pair("largest", "规模最大"),
  pair("second-largest", "规模第二"),
  pair("fastest-growing", "增长最快"),
  pair("lowest-cost", "成本最低"),
];

export function claim(rng: Random, topic: Topic, category: ClaimCategory, date: string): Pair {
  const e = rng.pick(topic.entities);
  switch (category) {
    case "numerical": {
      const r = reading(rng, topic);
      return pair(
        `${cap(r.metric.en)} was ${valueText(r)}${r.metric.unit.en} on ${date}.`,
        `${date}，${r.metric.zh}为${valueText(r)}${r.metric.unit.zh}。`,
      );
    }
    case "financial": {
      const bn = rng.float(1.5, 60);
      const growth = rng.int(-12, 45);
      return pair(
        `${cap(e.en)} reported quarterly revenue of US$${formatNumber(bn, 1)} billion, ${growth >= 0 ? "up" : "down"} ${Math.abs(growth)}% year on year.`,
        `${e.zh}公布的季度营收为${formatNumber(bn * 10, 0)}亿美元，同比${growth >= 0 ? "增长" : "下降"}${Math.abs(growth)}%。`,
      );
    }
    case "date": {
      const d = rng.pick(topic.drivers);
      return pair(
        `${cap(e.en)} first cited ${d.en} as a factor on ${date}.`,
        `${e.zh}于${date}首次将${d.zh}列为影响因素。`,
      );
    }
    case "comparison": {
      const r = reading(rng, topic);
      const avg = r.value * (1 + rng.float(-0.15, 0.15));
      const higher = r.value > avg;
      return pair(
        `${cap(r.metric.en)} is ${higher ? "above" : "below"} its five-year average of ${valueText(r, avg)}${r.metric.unit.en}.`,
        `${r.metric.zh}${higher ? "高于" : "低于"}其五年均值${valueText(r, avg)}${r.metric.unit.zh}。`,
      );
    }
    case "geographic": {
      const p = rng.pick(topic.places);
      const share = rng.int(18, 85);
      const added = rng.int(2, 40) * 5;
      const q = rng.pick(QUARTERS);
      return rng.chance(0.5)
        ? pair(
            `About ${share}% of ${e.en}'s ${inline(topic)} exposure is in ${p.en}.`,
            `${e.zh}在${topic.zh}领域约${share}%的敞口位于${p.zh}。`,
          )
        : pair(
            `${cap(e.en)} plans to add ${added}% more capacity in ${p.en} by ${q}.`,
            `${e.zh}计划在${q}前将${p.zh}的产能提高${added}%。`,
          );
    }
    case "named_entity": {
      const named = (n: number) =>
        pair(
          `${cap(e.en)} was named in ${n} institute notes on ${inline(topic)} this quarter.`,
          `本季度研究院有${n}篇${topic.zh}报告提及${e.zh}。`,
        );
      const s = rng.pick(topic.subjects);
      const rank = rng.pick(RANKS);
      return rng.chance(0.5)
        ? pair(
            `${cap(e.en)} is the ${rank.en} participant in ${s.en.charAt(0).toLowerCase()}${s.en.slice(1)}.`,
            `${e.zh}是“${s.zh}”领域${rank.zh}的参与者。`,
          )
        : named(rng.int(2, 30));
    }
    case "prose": {
      const v = sentence(rng, topic, "view");
      const r = sentence(rng, topic, "risk");
      return pair(`${v.en} ${r.en}`, `${v.zh}${r.zh}`);
    }
    case "spec": {
      const s = rng.pick(topic.specs);
      const q = rng.pick(QUARTERS);
      return pair(
        `The published specification for ${e.en} includes ${s.en}, effective ${q}.`,
        `${e.zh}公开的规格包括${s.zh}，自${q}起生效。`,
      );
    }
  }
}

export function finding(rng: Random, topic: Topic, verdict: Verdict): Pair {
  switch (verdict) {
    case "verified": {
      const n = rng.int(2, 4);
      const s = sentence(rng, topic, "level");
      return pair(`Confirmed by ${n} independent sources. ${s.en}`, `经${n}个独立来源证实。${s.zh}`);
    }
    case "disputed": {
      const r = reading(rng, topic);
      return pair(
        `Sources disagree: the latest official figure for ${r.metric.en} is ${valueText(r)}${r.metric.unit.en}, not the value claimed.`,
        `来源存在分歧：${r.metric.zh}最新官方数据为${valueText(r)}${r.metric.unit.zh}，与论断不符。`,
      );
    }
    case "uncertain":
      return pair(
        "Only partial evidence was found; the figure could not be pinned down to one source.",
        "仅找到部分证据，无法以单一来源确认该数据。",
      );
    case "unverifiable":
      return pair("No public source covers this claim.", "没有公开来源涉及这一论断。");
  }
}

export function sourceUrls(rng: Random, topic: Topic): string[] {
  return Array.from(
    { length: rng.int(1, 3) },
    (_, i) => `https://source${i + 1}.example.com/${topic.id}/${rng.hex(8)}`,
  );
}
