/**
 * Institute-style sentences, built as English/Chinese pairs from a topic's vocabulary, so that a claim and its
 * translation always say the same thing. Numbers are drawn from the caller's stream.
 */
import type { Random } from "./random.js";
import type { Metric, Pair, Topic } from "./topic-types.js";
import { pair } from "./topic-types.js";
import { MACRO_TOPICS } from "./topics-macro.js";
import { SECTOR_TOPICS } from "./topics-sectors.js";

export type Lang = "en" | "zh";
export type { Pair, Topic };

export const TOPICS: readonly Topic[] = [...MACRO_TOPICS, ...SECTOR_TOPICS];

export function topicById(id: string): Topic {
  const t = TOPICS.find((x) => x.id === id);
  if (!t) throw new Error(`demo data: unknown topic ${id}`);
  return t;
}

/** The topics an analyst covers (every topic for an analyst without a desk). */
export function topicsOf(analystId: string): readonly Topic[] {
  const mine = TOPICS.filter((t) => t.desks.includes(analystId));
  return mine.length ? mine : TOPICS;
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st ... */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** A topic's English name inside a sentence: "semiconductors", but "ASEAN manufacturing", "FX". */
export function inline(topic: Topic): string {
  return /^(Asian|ASEAN|China|Japan|EV|AI|FX)\b/.test(topic.en)
    ? topic.en
    : topic.en.charAt(0).toLowerCase() + topic.en.slice(1);
}

/** 76500 → "76,500"; decimals fixed. */
export function formatNumber(value: number, decimals: number): string {
  const [whole, frac] = Math.abs(value).toFixed(decimals).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 ? "-" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

export interface Reading {
  metric: Metric;
  value: number;
  /** Basis points for a rate, percent for a price. */
  change: number;
}

export function reading(rng: Random, topic: Topic): Reading {
  const metric = rng.pick(topic.metrics);
  const drift = rng.normal() * metric.step * 3;
  if (metric.kind === "rate") {
    return { metric, value: metric.base + rng.normal() * metric.step * 4, change: Math.round(drift * 100) };
  }
  return { metric, value: metric.base * (1 + rng.normal() * metric.step * 4), change: Math.round(drift * 1000) / 10 };
}

export const valueText = (r: Reading, v = r.value) => formatNumber(v, r.metric.decimals);

export function changeText(r: Reading): Pair {
  const up = r.change >= 0;
  const size = Math.abs(r.change);
  if (r.metric.kind === "rate") return pair(`${up ? "up" : "down"} ${size}bp`, `${up ? "上行" : "下行"}${size}个基点`);
  return pair(`${up ? "up" : "down"} ${size.toFixed(1)}%`, `${up ? "上涨" : "下跌"}${size.toFixed(1)}%`);
}

const WINDOWS = [
  pair("the past week", "过去一周"),
  pair("the past month", "过去一个月"),
  pair("the quarter to date", "本季度以来"),
];
const HORIZONS = [
  pair("the end of the quarter", "本季度末"),
  pair("mid-2027", "2027年年中"),
  pair("year-end", "年底前"),
];
const STANCES = [pair("constructive", "建设性"), pair("cautious", "谨慎"), pair("neutral", "中性")];
const CONVICTION = [pair("high", "较高"), pair("moderate", "中等"), pair("low", "较低")];
const POSITIONING = [
  [pair("crowded", "拥挤"), pair("which limits near-term upside", "限制了短期上行空间")],
  [pair("light", "偏轻"), pair("which leaves room for a catch-up move", "为补涨留出了空间")],
  [pair("balanced", "均衡"), pair("so the next data print should set direction", "下一次数据发布将决定方向")],
] as const;

type Maker = (rng: Random, t: Topic) => Pair;

const levels: Maker[] = [
  (rng, t) => {
    const r = reading(rng, t);
    const w = rng.pick(WINDOWS);
    const c = changeText(r);
    return pair(
      `${cap(r.metric.en)} stands at ${valueText(r)}${r.metric.unit.en}, ${c.en} over ${w.en}.`,
      `${r.metric.zh}报${valueText(r)}${r.metric.unit.zh}，${w.zh}${c.zh}。`,
    );
  },
  (rng, t) => {
    const r = reading(rng, t);
    const p = rng.int(8, 95);
    return pair(
      `${cap(r.metric.en)} closed at ${valueText(r)}${r.metric.unit.en}, around the ${ordinal(p)} percentile of its five-year range.`,
      `${r.metric.zh}收于${valueText(r)}${r.metric.unit.zh}，处于近五年区间约第${p}百分位。`,
    );
  },
  (rng, t) => {
    const r = reading(rng, t);
    const h = rng.pick(HORIZONS);
    const target = valueText(r, r.value * (1 + rng.normal() * 0.04));
    return pair(
      `Our base case has ${r.metric.en} at ${target}${r.metric.unit.en} by ${h.en}.`,
      `我们的基准情形是${h.zh}${r.metric.zh}达到${target}${r.metric.unit.zh}。`,
    );
  },
];

const views: Maker[] = [
  (rng, t) => {
    const d = rng.pick(t.drivers);
    const e = rng.pick(t.entities);
    return pair(
      `We see ${d.en} as the main support for ${inline(t)}; ${e.en} is the cleanest expression of the view.`,
      `我们认为${d.zh}是${t.zh}的主要支撑，${e.zh}是最直接的表达标的。`,
    );
  },
  (rng, t) => {
    const d = rng.pick(t.drivers);
    return pair(`Consensus still underestimates ${d.en}, in our view.`, `我们认为市场一致预期仍低估了${d.zh}。`);
  },
  (rng, t) => {
    const [level, effect] = rng.pick(POSITIONING);
    return pair(
      `Positioning in ${inline(t)} looks ${level.en}, ${effect.en}.`,
      `${t.zh}的持仓${level.zh}，${effect.zh}。`,
    );
  },
  (rng, t) => {
    const e = rng.pick(t.entities);
    const d = rng.pick(t.drivers);
    return pair(
      `${cap(e.en)} flagged ${d.en} as the swing factor in its latest update.`,
      `${e.zh}在最新披露中将${d.zh}列为关键变量。`,
    );
  },
  (rng, t) => {
    const s = rng.pick(STANCES);
    const c = rng.pick(CONVICTION);
    return pair(
      `We keep a ${s.en} view on ${inline(t)}, with ${c.en} conviction.`,
      `我们对${t.zh}维持${s.zh}观点，信心程度${c.zh}。`,
    );
  },
];

const risks: Maker[] = [
  (rng, t) => {
    const k = rng.pick(t.risks);
    const r = reading(rng, t);
    const stop = valueText(r, r.value * (1 + (rng.chance(0.5) ? 1 : -1) * rng.float(0.03, 0.08)));
    return pair(
      `The main risk is ${k.en}; a move in ${r.metric.en} beyond ${stop}${r.metric.unit.en} would invalidate the thesis.`,
      `主要风险在于${k.zh}；若${r.metric.zh}突破${stop}${r.metric.unit.zh}，该判断将失效。`,
    );
  },
  (rng, t) => {
    const k = rng.pick(t.risks);
    return pair(`We would revisit the view on signs of ${k.en}.`, `一旦出现${k.zh}的迹象，我们将重新评估这一观点。`);
  },
  (rng, t) => {
    const k = rng.pick(t.risks);
    const p = rng.int(10, 35);
    return pair(
      `Our scenario analysis assigns a ${p}% probability to ${k.en}.`,
      `情景分析显示，${k.zh}的概率约为${p}%。`,
    );
  },
];

const flows: Maker[] = [
  (rng, t) => {
    const buy = rng.chance(0.55);
    const n = rng.int(40, 900);
    return pair(
      `Foreign investors were net ${buy ? "buyers" : "sellers"} of US$${n} million of ${inline(t)}-linked assets this week.`,
      `本周外资${buy ? "净买入" : "净卖出"}${t.zh}相关资产${formatNumber(n / 100, 2)}亿美元。`,
    );
  },
  (rng, t) => {
    const n = rng.int(18, 72);
    return pair(
      `Our client survey shows ${n}% of respondents overweight ${inline(t)}.`,
      `我们的客户调研显示，${n}%的受访者超配${t.zh}。`,
    );
  },
];

export type SentenceKind = "level" | "view" | "risk" | "flow";
const MAKERS: Record<SentenceKind, Maker[]> = { level: levels, view: views, risk: risks, flow: flows };

export function sentence(rng: Random, topic: Topic, kind: SentenceKind): Pair {
  return rng.pick(MAKERS[kind])(rng, topic);
}

/** n sentences of one kind from distinct templates (templates repeat only when n exceeds them). */
export function sentences(rng: Random, topic: Topic, kind: SentenceKind, n: number): Pair[] {
  const makers = MAKERS[kind];
  const order = rng.shuffle(makers);
  return Array.from({ length: n }, (_, i) => order[i % order.length]!(rng, topic));
}

const joiner = (lang: Lang) => (lang === "zh" ? "" : " ");

/** A paragraph of n sentences (level first, then a mix). */
export function paragraph(rng: Random, topic: Topic, lang: Lang, n = 3): string {
  const kinds: SentenceKind[] = ["level", "view", "risk", "flow"];
  const out = [sentence(rng, topic, "level")[lang]];
  for (let i = 1; i < n; i++) out.push(sentence(rng, topic, rng.pick(kinds))[lang]);
  return out.join(joiner(lang));
}

export function bullets(rng: Random, topic: Topic, lang: Lang, n: number): string {
  const kinds: SentenceKind[] = ["level", "view", "risk", "flow", "level"];
  return Array.from({ length: n }, (_, i) => `- ${sentence(rng, topic, kinds[i % kinds.length]!)[lang]}`).join("\n");
}

const HEADLINE_TAILS = [
  pair("what the data says", "数据透露了什么"),
  pair("upside risks are building", "上行风险正在积累"),
  pair("we stay constructive", "我们维持建设性观点"),
  pair("the case for patience", "保持耐心的理由"),
  pair("three things to watch", "值得关注的三件事"),
  pair("a reality check", "一次现实检验"),
  pair("where consensus is wrong", "市场共识错在哪里"),
  pair("the bear case", "看空的理由"),
  pair("the bull case", "看多的理由"),
  pair("what changed this month", "本月有何变化"),
  pair("scenarios and triggers", "情景与触发条件"),
  pair("the numbers behind the narrative", "叙事背后的数据"),
];

const HEADLINE_HEADS = [
  pair("", ""),
  pair("Desk note — ", "研究札记 — "),
  pair("Follow-up — ", "跟进 — "),
  pair("Chart of the week — ", "本周图表 — "),
];

export function headline(rng: Random, subject: Pair): Pair & { tail: Pair } {
  const head = rng.pick(HEADLINE_HEADS);
  const tail = rng.pick(HEADLINE_TAILS);
  return { ...pair(`${head.en}${subject.en}: ${tail.en}`, `${head.zh}${subject.zh}：${tail.zh}`), tail };
}

/** A markdown table. */
export function mdTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
